import { concatBytes } from '../bytes.ts';

/**
 * The small part of ISO/IEC 14496-12 (the ISO base media file format under MP4) the live and
 * recording code needs: box headers, walking a box's children, reading and writing big-endian
 * integers, and making boxes. Pure functions over bytes.
 */

export class Mp4Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Mp4Error';
  }
}

export interface BoxHeader {
  type: string;
  /** The whole box, header included; null for a box that runs to the end of the file (size 0). */
  size: number | null;
  headerLength: number;
}

/** A box found inside a byte array: where it starts, where its payload starts and where it ends. */
export interface BoxAt {
  type: string;
  start: number;
  dataStart: number;
  end: number;
}

export function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
}

export function readU64(bytes: Uint8Array, at: number): number {
  return readU32(bytes, at) * 2 ** 32 + readU32(bytes, at + 4);
}

export function writeU32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = (value >>> 24) & 0xff;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}

export function writeU64(bytes: Uint8Array, at: number, value: number): void {
  writeU32(bytes, at, Math.floor(value / 2 ** 32));
  writeU32(bytes, at + 4, value % 2 ** 32);
}

export function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  writeU32(out, 0, value);
  return out;
}

export function u64(value: number): Uint8Array {
  const out = new Uint8Array(8);
  writeU64(out, 0, value);
  return out;
}

export function fourCC(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/** The header of the box at `pos`, or null while fewer bytes than its header have arrived. */
export function readBoxHeader(bytes: Uint8Array, pos: number): BoxHeader | null {
  if (pos + 8 > bytes.length) return null;
  const size32 = readU32(bytes, pos);
  const type = fourCC(bytes, pos + 4);
  if (size32 === 1) {
    if (pos + 16 > bytes.length) return null;
    const size = readU64(bytes, pos + 8);
    if (size < 16) throw new Mp4Error(`box ${type} at ${pos} is shorter than its header`);
    return { type, size, headerLength: 16 };
  }
  if (size32 === 0) return { type, size: null, headerLength: 8 };
  if (size32 < 8) throw new Mp4Error(`box ${type} at ${pos} is shorter than its header`);
  return { type, size: size32, headerLength: 8 };
}

/** The boxes between `start` and `end` (a box's payload, or a whole file), in order. */
export function childBoxes(bytes: Uint8Array, start: number, end: number): BoxAt[] {
  const boxes: BoxAt[] = [];
  for (let pos = start; pos < end;) {
    const header = readBoxHeader(bytes, pos);
    if (header === null) throw new Mp4Error(`truncated box at ${pos}`);
    const boxEnd = header.size === null ? end : pos + header.size;
    if (boxEnd > end) throw new Mp4Error(`box ${header.type} at ${pos} runs past its parent`);
    boxes.push({ type: header.type, start: pos, dataStart: pos + header.headerLength, end: boxEnd });
    pos = boxEnd;
  }
  return boxes;
}

/** The first child of type `type`, or null. */
export function childBox(bytes: Uint8Array, parent: Pick<BoxAt, 'dataStart' | 'end'>, type: string): BoxAt | null {
  return childBoxes(bytes, parent.dataStart, parent.end).find((child) => child.type === type) ?? null;
}

/** Follows a path of box types from `parent` (first match at each level). */
export function boxAtPath(bytes: Uint8Array, parent: Pick<BoxAt, 'dataStart' | 'end'>, path: readonly string[]): BoxAt | null {
  let at: Pick<BoxAt, 'dataStart' | 'end'> | null = parent;
  let found: BoxAt | null = null;
  for (const type of path) {
    found = at ? childBox(bytes, at, type) : null;
    at = found;
  }
  return found;
}

/** A box of `type` holding `payload` (32-bit size: every box we write is far below 4 GiB). */
export function makeBox(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = concatBytes(payload);
  const header = new Uint8Array(8);
  writeU32(header, 0, body.length + 8);
  for (let i = 0; i < 4; i++) header[4 + i] = type.charCodeAt(i);
  return concatBytes([header, body]);
}

/** A full box: version and 24-bit flags, then the payload. */
export function makeFullBox(type: string, version: number, flags: number, ...payload: Uint8Array[]): Uint8Array {
  return makeBox(type, u32(((version & 0xff) << 24) | (flags & 0xffffff)), ...payload);
}
