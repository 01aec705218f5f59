/**
 * The small part of EBML (the binary format under Matroska and WebM) the recording code needs:
 * variable-length integers, element headers, and writing elements. Pure functions over bytes.
 */

import { concatBytes } from '../bytes.ts';

/** Element ids, as written (with their length marker bits). */
export const EbmlId = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  ReferenceBlock: 0xfb,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
  Tags: 0x1254c367,
  Chapters: 0x1043a770,
  Attachments: 0x1941a469,
  Void: 0xec,
} as const;

/** Children of Segment. Inside a Cluster of unknown size, meeting one of these ends the Cluster. */
export const TOP_LEVEL_IDS: ReadonlySet<number> = new Set([
  EbmlId.SeekHead,
  EbmlId.Info,
  EbmlId.Tracks,
  EbmlId.Cluster,
  EbmlId.Cues,
  EbmlId.Tags,
  EbmlId.Chapters,
  EbmlId.Attachments,
]);

export interface ElementHeader {
  id: number;
  /** Payload size in bytes, or null for "unknown size" (live streams write Segment and Cluster this way). */
  size: number | null;
  /** Bytes taken by the id and the size field together. */
  headerLength: number;
  /** Width of the size field, kept when a header is rewritten. */
  sizeLength: number;
}

export class EbmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EbmlError';
  }
}

function vintLength(first: number): number {
  for (let length = 1, mask = 0x80; length <= 8; length++, mask >>= 1) {
    if (first & mask) return length;
  }
  return 0;
}

/**
 * Reads an element header at `pos`. Returns null when the bytes end before the header does (the
 * caller waits for more); throws on bytes that cannot be an EBML header.
 */
export function readElementHeader(bytes: Uint8Array, pos: number): ElementHeader | null {
  if (pos >= bytes.length) return null;
  const idLength = vintLength(bytes[pos]!);
  if (idLength === 0 || idLength > 4) throw new EbmlError(`bad element id at ${pos}`);
  if (pos + idLength >= bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[pos + i]!;
  const sizePos = pos + idLength;
  const sizeLength = vintLength(bytes[sizePos]!);
  if (sizeLength === 0) throw new EbmlError(`bad element size at ${sizePos}`);
  if (sizePos + sizeLength > bytes.length) return null;
  let size = bytes[sizePos]! & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = bytes[sizePos + i]!;
    size = size * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { id, size: allOnes ? null : size, headerLength: idLength + sizeLength, sizeLength };
}

export function readUint(bytes: Uint8Array, start: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + bytes[start + i]!;
  return value;
}

export function readFloat(bytes: Uint8Array, start: number, length: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset + start, length);
  if (length === 4) return view.getFloat32(0);
  if (length === 8) return view.getFloat64(0);
  throw new EbmlError(`float of ${length} bytes`);
}

export function readString(bytes: Uint8Array, start: number, length: number): string {
  return new TextDecoder().decode(bytes.subarray(start, start + length)).replace(/\0+$/, '');
}

/** An element id's bytes (ids carry their own length marker). */
export function encodeId(id: number): Uint8Array {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const out = new Uint8Array(length);
  for (let i = length - 1, v = id; i >= 0; i--, v = Math.floor(v / 256)) out[i] = v & 0xff;
  return out;
}

/** The smallest size-field width that can hold `size` (all-ones is reserved for "unknown"). */
export function sizeFieldLength(size: number): number {
  for (let length = 1; length <= 8; length++) {
    if (size < 2 ** (7 * length) - 1) return length;
  }
  throw new EbmlError(`size ${size} is too large`);
}

export function encodeSize(size: number, length = sizeFieldLength(size)): Uint8Array {
  if (size >= 2 ** (7 * length) - 1) throw new EbmlError(`size ${size} does not fit in ${length} bytes`);
  const out = new Uint8Array(length);
  let v = size;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

/** An element with a known size; `sizeLength` fixes the size field's width (for in-place rewrites). */
export function encodeElement(id: number, payload: Uint8Array | readonly Uint8Array[], sizeLength?: number): Uint8Array {
  const body = payload instanceof Uint8Array ? payload : concatBytes(payload);
  return concatBytes([encodeId(id), encodeSize(body.length, sizeLength), body]);
}

/** An unsigned integer element; `width` pads the payload so its length does not depend on the value. */
export function encodeUintElement(id: number, value: number, width?: number): Uint8Array {
  let length = 1;
  while (length < 8 && value >= 2 ** (8 * length)) length++;
  const size = Math.max(length, width ?? 0);
  const payload = new Uint8Array(size);
  let v = value;
  for (let i = size - 1; i >= 0; i--) {
    payload[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return encodeElement(id, payload);
}

export function encodeFloat64Element(id: number, value: number): Uint8Array {
  const payload = new Uint8Array(8);
  new DataView(payload.buffer).setFloat64(0, value);
  return encodeElement(id, payload);
}

export function encodeIdElement(id: number, idValue: number): Uint8Array {
  return encodeElement(id, encodeId(idValue));
}
