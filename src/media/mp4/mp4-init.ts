import { Mp4Error, boxAtPath, childBox, childBoxes, fourCC, readU32, readU64, type BoxAt } from './boxes.ts';

/**
 * The initialisation section of a fragmented MP4 (`ftyp` through a
 * `moov` with `mvex`, as MediaRecorder writes for `video/mp4`), and what the live code needs from
 * it: each track's id, kind, timescale, codec and fragment defaults.
 */

export type Mp4TrackKind = 'video' | 'audio' | 'other';

export interface Mp4Track {
  id: number;
  kind: Mp4TrackKind;
  /** Ticks per second of the track's media times. */
  timescale: number;
  /** The RFC 6381 codec string a MediaSource needs (`avc1.640015`, `opus`, `mp4a.40.2`), or null when unknown. */
  codec: string | null;
  /** From `trex`: what a fragment's samples have when they say nothing else. */
  defaultDuration: number;
  defaultFlags: number;
}

export interface Mp4Init {
  bytes: Uint8Array;
  movieTimescale: number;
  tracks: Mp4Track[];
}

/** Bytes before the header's first box payloads that a visual and an audio sample entry have (ISO 14496-12 12.1, 12.2). */
const VISUAL_ENTRY_FIELDS = 78;
const AUDIO_ENTRY_FIELDS = 28;

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

function kindOf(handler: string): Mp4TrackKind {
  return handler === 'vide' ? 'video' : handler === 'soun' ? 'audio' : 'other';
}

/** The timescale of an `mvhd` or `mdhd` (version 0 or 1). */
function timescaleOf(bytes: Uint8Array, box: BoxAt): number {
  const version = bytes[box.dataStart]!;
  return readU32(bytes, box.dataStart + (version === 1 ? 20 : 12));
}

/** The ES descriptor's audio object type: `mp4a.40.2` for AAC-LC. */
function mp4aCodec(bytes: Uint8Array, entry: BoxAt): string {
  const esds = childBoxes(bytes, entry.dataStart + AUDIO_ENTRY_FIELDS, entry.end).find((child) => child.type === 'esds');
  if (!esds) return 'mp4a.40.2';
  // Descriptors: a tag, a size in 1 to 4 bytes of 7 bits, then the body (ISO 14496-1 8.3.3).
  let pos = esds.dataStart + 4;
  let objectType: number | null = null;
  while (pos < esds.end) {
    const tag = bytes[pos++]!;
    let size = 0;
    for (let i = 0; i < 4; i++) {
      const byte = bytes[pos++]!;
      size = (size << 7) | (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    if (tag === 0x03) {
      // ES_ID, then flags saying which optional fields follow; the DecoderConfigDescriptor is nested after them.
      const flags = bytes[pos + 2]!;
      pos += 3;
      if (flags & 0x80) pos += 2;
      if (flags & 0x40) pos += 1 + bytes[pos]!;
      if (flags & 0x20) pos += 2;
    } else if (tag === 0x04) {
      objectType = bytes[pos]!;
      pos += 13;
    } else if (tag === 0x05) {
      const audioObjectType = bytes[pos]! >> 3;
      return objectType === 0x40 ? `mp4a.40.${audioObjectType}` : `mp4a.${hex2(objectType ?? 0x40)}`;
    } else pos += size;
  }
  return objectType === null || objectType === 0x40 ? 'mp4a.40.2' : `mp4a.${hex2(objectType)}`;
}

function codecOf(bytes: Uint8Array, stsd: BoxAt | null): string | null {
  if (!stsd) return null;
  const entry = childBoxes(bytes, stsd.dataStart + 8, stsd.end)[0];
  if (!entry) return null;
  if (entry.type === 'avc1' || entry.type === 'avc3') {
    const avcC = childBoxes(bytes, entry.dataStart + VISUAL_ENTRY_FIELDS, entry.end).find((child) => child.type === 'avcC');
    if (!avcC || avcC.end - avcC.dataStart < 4) return entry.type;
    const at = avcC.dataStart;
    return `${entry.type}.${hex2(bytes[at + 1]!)}${hex2(bytes[at + 2]!)}${hex2(bytes[at + 3]!)}`;
  }
  if (entry.type === 'Opus') return 'opus';
  if (entry.type === 'fLaC') return 'flac';
  if (entry.type === 'mp4a') return mp4aCodec(bytes, entry);
  // Codecs whose full string needs more of their configuration than we read (hvc1, vp09, av01...).
  return entry.type.trim();
}

/** Parses `ftyp` + `moov`; `bytes` must be exactly the init section (every box from the start through the `moov`). */
export function parseMp4Init(bytes: Uint8Array): Mp4Init {
  const top = childBoxes(bytes, 0, bytes.length);
  if (top[0]?.type !== 'ftyp') throw new Mp4Error('no ftyp at the start: not an MP4');
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) throw new Mp4Error('no moov before the first fragment');
  const mvhd = childBox(bytes, moov, 'mvhd');
  if (!mvhd) throw new Mp4Error('no mvhd');
  const defaults = new Map<number, { duration: number; flags: number }>();
  const mvex = childBox(bytes, moov, 'mvex');
  if (!mvex) throw new Mp4Error('no mvex: not a fragmented MP4');
  for (const trex of childBoxes(bytes, mvex.dataStart, mvex.end).filter((child) => child.type === 'trex')) {
    defaults.set(readU32(bytes, trex.dataStart + 4), {
      duration: readU32(bytes, trex.dataStart + 12),
      flags: readU32(bytes, trex.dataStart + 20),
    });
  }
  const tracks: Mp4Track[] = [];
  for (const trak of childBoxes(bytes, moov.dataStart, moov.end).filter((child) => child.type === 'trak')) {
    const tkhd = childBox(bytes, trak, 'tkhd');
    const mdhd = boxAtPath(bytes, trak, ['mdia', 'mdhd']);
    const hdlr = boxAtPath(bytes, trak, ['mdia', 'hdlr']);
    if (!tkhd || !mdhd || !hdlr) throw new Mp4Error('a track without tkhd, mdhd or hdlr');
    const id = trackIdOf(bytes, tkhd);
    const stsd = boxAtPath(bytes, trak, ['mdia', 'minf', 'stbl', 'stsd']);
    tracks.push({
      id,
      kind: kindOf(fourCC(bytes, hdlr.dataStart + 8)),
      timescale: timescaleOf(bytes, mdhd),
      codec: codecOf(bytes, stsd),
      defaultDuration: defaults.get(id)?.duration ?? 0,
      defaultFlags: defaults.get(id)?.flags ?? 0,
    });
  }
  if (tracks.length === 0) throw new Mp4Error('no tracks');
  return { bytes, movieTimescale: timescaleOf(bytes, mvhd), tracks };
}

/** The track whose keyframes decide where a player may start: the video track, else the first. */
export function syncTrackOf(init: Pick<Mp4Init, 'tracks'>): Mp4Track {
  return init.tracks.find((track) => track.kind === 'video') ?? init.tracks[0]!;
}

/** The type a MediaSource needs, e.g. `video/mp4; codecs="avc1.640015,opus"` (video first). */
export function mp4MimeType(init: Pick<Mp4Init, 'tracks'>): string {
  const ordered = [...init.tracks.filter((t) => t.kind === 'video'), ...init.tracks.filter((t) => t.kind !== 'video')];
  const codecs = ordered.map((t) => t.codec).filter((c): c is string => c !== null);
  const base = init.tracks.some((t) => t.kind === 'video') ? 'video/mp4' : 'audio/mp4';
  return codecs.length > 0 ? `${base}; codecs="${codecs.join(',')}"` : base;
}

/** Reads a 32- or 64-bit field by version: `mvhd`/`mdhd`/`tkhd` durations and `tfdt` times. */
export function readVersioned(bytes: Uint8Array, at: number, version: number): number {
  return version === 1 ? readU64(bytes, at) : readU32(bytes, at);
}

/** A `tkhd`'s track_ID (version 0 or 1). */
export function trackIdOf(bytes: Uint8Array, tkhd: BoxAt): number {
  return readU32(bytes, tkhd.dataStart + (bytes[tkhd.dataStart] === 1 ? 20 : 12));
}
