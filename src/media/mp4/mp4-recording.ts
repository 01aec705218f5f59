import { applyPatches, concatBytes, type BytePatchAt } from '../bytes.ts';
import { Mp4Error, childBox, childBoxes, makeBox, makeFullBox, u32, u64, writeU32, writeU64, type BoxAt } from './boxes.ts';
import { syncTrackOf, trackIdOf, type Mp4Init, type Mp4Track } from './mp4-init.ts';
import { Mp4Scanner, type TrackSpan } from './mp4-scanner.ts';

/**
 * Turns a MediaRecorder fragmented MP4 (no duration, no index: `mvhd` says 0 and nothing says where
 * the fragments are) into one file every player can show the length of and seek in from its first
 * byte, without moving a single media byte (docs/decisions/042-mp4-recordings.md):
 *
 *   [ftyp][moov: durations set, mehd added][sidx: one reference per fragment or run of fragments][free]
 *   [the fragments exactly as recorded, the recorder's quirks patched in place]
 *
 * Only the init section (`ftyp` through `moov`) is rewritten, and they grow by a fixed amount known as
 * soon as they have arrived (`mp4HeaderGrowth`): the `sidx` gets a fixed space (a `free` box fills
 * what it does not use) and references runs of fragments once a stream has more fragments than
 * that space holds. So a live recording can be uploaded as it goes, as for WebM (recording-parts.ts):
 * every part but the first holds bytes exactly as recorded (patched), and the first is written last.
 */

/** One fragment of the recording (or a run of boxes ending with one), in stream offsets. */
export interface RecordedFragment {
  offset: number;
  length: number;
  key: boolean;
  /** Seconds on the sync track's timeline. */
  time: number;
  duration: number;
}

/** References the `sidx` has room for; a longer stream's references each cover a run of fragments. */
export const MAX_INDEX_REFERENCES = 1024;
const SIDX_FIXED_BYTES = 40;
const SIDX_REFERENCE_BYTES = 12;
const FREE_HEADER_BYTES = 8;
/** The sidx and the free box after it always take this much. */
const INDEX_SPACE = SIDX_FIXED_BYTES + SIDX_REFERENCE_BYTES * MAX_INDEX_REFERENCES + FREE_HEADER_BYTES;
const MEHD_BYTES = 20;

/** Bytes the rewritten header adds before the first fragment. Depends on the init section only. */
export function mp4HeaderGrowth(init: Pick<Mp4Init, 'bytes'>): number {
  const moov = moovOf(init.bytes);
  const hasMehd = childBox(init.bytes, childBox(init.bytes, moov, 'mvex')!, 'mehd') !== null;
  return (hasMehd ? 0 : MEHD_BYTES) + INDEX_SPACE;
}

function moovOf(bytes: Uint8Array): BoxAt {
  const moov = childBoxes(bytes, 0, bytes.length).find((box) => box.type === 'moov');
  if (!moov) throw new Mp4Error('no moov in the init section');
  return moov;
}

/** Writes a version-dependent duration at `at32` (version 0) or `at64` (version 1) of a box copy. */
function setDuration(box: Uint8Array, version: number, at32: number, at64: number, value: number): void {
  if (version === 1) writeU64(box, at64, value);
  else writeU32(box, at32, Math.min(value, 0xffffffff));
}

/** A copy of `mvhd`, `tkhd` or `mdhd` with its duration set (offsets within the box, header included). */
function withDuration(bytes: Uint8Array, box: BoxAt, value: number): Uint8Array {
  const copy = bytes.slice(box.start, box.end);
  const version = copy[box.dataStart - box.start]!;
  const data = box.dataStart - box.start;
  // mvhd and mdhd: version, flags, two times, timescale, duration; tkhd: two times, track_ID, reserved, duration.
  if (box.type === 'tkhd') setDuration(copy, version, data + 20, data + 28, value);
  else setDuration(copy, version, data + 16, data + 24, value);
  return copy;
}

function rebuild(bytes: Uint8Array, parent: BoxAt, replace: (child: BoxAt) => Uint8Array | null, extra: Uint8Array[] = []): Uint8Array {
  const children = childBoxes(bytes, parent.dataStart, parent.end).map((child) => replace(child) ?? bytes.subarray(child.start, child.end));
  return makeBox(parent.type, ...extra, ...children);
}

/** The `moov` with the movie's, each track's and the fragments' total duration written in. */
function moovWithDurations(init: Mp4Init, spans: Record<string, TrackSpan>): Uint8Array {
  const bytes = init.bytes;
  const moov = moovOf(bytes);
  const toMovie = (track: Mp4Track, ticks: number) => Math.round((ticks / track.timescale) * init.movieTimescale);
  const movieDuration = Math.max(0, ...init.tracks.map((track) => toMovie(track, spans[String(track.id)]?.end ?? 0)));
  return rebuild(bytes, moov, (child) => {
    if (child.type === 'mvhd') return withDuration(bytes, child, movieDuration);
    if (child.type === 'mvex') {
      const mehd = childBox(bytes, child, 'mehd');
      const value = makeFullBox('mehd', 1, 0, u64(movieDuration));
      return mehd ? rebuild(bytes, child, (box) => (box.type === 'mehd' ? value : null)) : rebuild(bytes, child, () => null, [value]);
    }
    if (child.type !== 'trak') return null;
    const tkhd = childBox(bytes, child, 'tkhd');
    const track = tkhd ? init.tracks.find((candidate) => candidate.id === trackIdOf(bytes, tkhd)) : undefined;
    if (!track) return null;
    const end = spans[String(track.id)]?.end ?? 0;
    return rebuild(bytes, child, (box) => {
      if (box.type === 'tkhd') return withDuration(bytes, box, toMovie(track, end));
      if (box.type === 'mdia') return rebuild(bytes, box, (inner) => (inner.type === 'mdhd' ? withDuration(bytes, inner, end) : null));
      return null;
    });
  });
}

interface IndexReference {
  length: number;
  duration: number;
  key: boolean;
}

/** Fragments grouped into at most MAX_INDEX_REFERENCES references, each starting on a keyframe where it can. */
function indexReferences(fragments: readonly RecordedFragment[], timescale: number): IndexReference[] {
  const per = Math.max(1, Math.ceil(fragments.length / MAX_INDEX_REFERENCES));
  const refs: (IndexReference & { count: number })[] = [];
  for (const fragment of fragments) {
    const current = refs.at(-1);
    const ticks = Math.round(fragment.duration * timescale);
    if (!current || (current.count >= per && (fragment.key || current.count >= 2 * per)))
      refs.push({ length: fragment.length, duration: ticks, key: fragment.key, count: 1 });
    else {
      current.length += fragment.length;
      current.duration += ticks;
      current.count += 1;
    }
  }
  return refs;
}

/** The `sidx` (version 1) and the `free` box that fills the index space after it. */
function indexBoxes(init: Mp4Init, fragments: readonly RecordedFragment[]): Uint8Array {
  const track = syncTrackOf(init);
  const refs = indexReferences(fragments, track.timescale);
  if (refs.length > MAX_INDEX_REFERENCES) throw new Mp4Error('too many index references');
  const freeLength = INDEX_SPACE - SIDX_FIXED_BYTES - SIDX_REFERENCE_BYTES * refs.length;
  const references = refs.map((ref) => concatBytes([u32(ref.length & 0x7fffffff), u32(ref.duration), u32(ref.key ? 0x90000000 : 0)]));
  const countField = new Uint8Array(4);
  countField[2] = (refs.length >> 8) & 0xff;
  countField[3] = refs.length & 0xff;
  const earliest = Math.round((fragments[0]?.time ?? 0) * track.timescale);
  const sidx = makeFullBox('sidx', 1, 0, u32(track.id), u32(track.timescale), u64(earliest), u64(freeLength), countField, ...references);
  return concatBytes([sidx, makeBox('free', new Uint8Array(freeLength - FREE_HEADER_BYTES))]);
}

/**
 * The rewritten header: every box of the init section, the `moov` with its durations, then
 * the index of `fragments` (which must be every fragment of the file, in order, the first starting
 * right after the init section).
 */
export function buildMp4RecordingHeader(
  init: Mp4Init,
  spans: Record<string, TrackSpan>,
  fragments: readonly RecordedFragment[],
): Uint8Array {
  const bytes = init.bytes;
  const boxes = childBoxes(bytes, 0, bytes.length).map((box) =>
    box.type === 'moov' ? moovWithDurations(init, spans) : bytes.subarray(box.start, box.end),
  );
  const header = concatBytes([...boxes, indexBoxes(init, fragments)]);
  if (header.length !== bytes.length + mp4HeaderGrowth(init)) throw new Mp4Error('the rewritten header is not the length planned');
  return header;
}

/**
 * A whole recording held in memory (a recorder clip before upload) made playable and seekable in
 * one go: the pieces of the new file, in order. Null when the bytes are not a fragmented MP4 with
 * a complete fragment.
 */
export function makeMp4Seekable(bytes: Uint8Array): Uint8Array[] | null {
  const scanner = new Mp4Scanner();
  let init: Mp4Init | null = null;
  const fragments: RecordedFragment[] = [];
  const patches: BytePatchAt[] = [];
  let previousEnd = 0;
  for (const event of scanner.push(bytes)) {
    if (event.kind === 'init') previousEnd = (init = event.init).bytes.length;
    else if (event.kind === 'patch') patches.push(event);
    else {
      fragments.push({ offset: previousEnd, length: event.end - previousEnd, key: event.key, time: event.time, duration: event.duration });
      previousEnd = event.end;
    }
  }
  if (!init || fragments.length === 0) return null;
  const media = applyPatches(bytes.subarray(init.bytes.length, scanner.completeUpTo), init.bytes.length, patches);
  return [buildMp4RecordingHeader(init, scanner.trackSpans(), fragments), media];
}
