import { concatBytes } from '../bytes.ts';
import {
  Mp4Error,
  boxAtPath,
  childBox,
  childBoxes,
  fourCC,
  makeBox,
  makeFullBox,
  readU32,
  readU64,
  u32,
  type BoxAt,
} from '../mp4/boxes.ts';
import { readVersioned, trackIdOf } from '../mp4/mp4-init.ts';

/**
 * The audio of an MP4 (a camera's or an editor's file, MediaRecorder's fragmented one, a live
 * stream's recording) as an M4A (decision 125): the audio track's own sample description (`stsd`:
 * AAC's `mp4a` with its `esds`, or `Opus`) and its samples, copied byte for byte into a progressive
 * file of one track whose times start at 0. Where each sample is comes from the `moov`'s sample
 * table (a progressive file) or from each `moof` (a fragmented one).
 */

export interface Mp4AudioTrack {
  id: number;
  timescale: number;
  /** The `stsd` box, header and all. */
  stsd: Uint8Array;
  /** Fragmented files: the `trex` defaults. */
  defaultDuration: number;
  defaultSize: number;
  fragmented: boolean;
}

/** One audio sample: where it is in the file, how long it is, when it plays (track timescale). */
export interface Mp4AudioSample {
  offset: number;
  size: number;
  time: number;
  duration: number;
}

function audioTrak(bytes: Uint8Array, moov: BoxAt): BoxAt | null {
  for (const trak of childBoxes(bytes, moov.dataStart, moov.end).filter((box) => box.type === 'trak')) {
    const hdlr = boxAtPath(bytes, trak, ['mdia', 'hdlr']);
    if (hdlr && fourCC(bytes, hdlr.dataStart + 8) === 'soun') return trak;
  }
  return null;
}

/** The `moov` box's audio track, or null when it has none. `moov` is the box, header included. */
export function mp4AudioTrack(moov: Uint8Array): Mp4AudioTrack | null {
  const root = childBoxes(moov, 0, moov.length)[0];
  if (root?.type !== 'moov') throw new Mp4Error('not a moov');
  const trak = audioTrak(moov, root);
  if (!trak) return null;
  const tkhd = childBox(moov, trak, 'tkhd');
  const mdhd = boxAtPath(moov, trak, ['mdia', 'mdhd']);
  const stsd = boxAtPath(moov, trak, ['mdia', 'minf', 'stbl', 'stsd']);
  if (!tkhd || !mdhd || !stsd) throw new Mp4Error('an audio track without tkhd, mdhd or stsd');
  const id = trackIdOf(moov, tkhd);
  const timescale = readU32(moov, mdhd.dataStart + (moov[mdhd.dataStart] === 1 ? 20 : 12));
  const mvex = childBox(moov, root, 'mvex');
  const trex = mvex
    ? childBoxes(moov, mvex.dataStart, mvex.end).find((box) => box.type === 'trex' && readU32(moov, box.dataStart + 4) === id)
    : undefined;
  return {
    id,
    timescale,
    stsd: moov.slice(stsd.start, stsd.end),
    defaultDuration: trex ? readU32(moov, trex.dataStart + 12) : 0,
    defaultSize: trex ? readU32(moov, trex.dataStart + 16) : 0,
    fragmented: mvex !== null,
  };
}

/** A progressive file's audio samples, in decoding order, from its sample table (ISO 14496-12 8.6, 8.7). */
export function progressiveAudioSamples(moov: Uint8Array): Mp4AudioSample[] {
  const root = childBoxes(moov, 0, moov.length)[0]!;
  const trak = audioTrak(moov, root);
  const stbl = trak && boxAtPath(moov, trak, ['mdia', 'minf', 'stbl']);
  if (!stbl) return [];
  const box = (type: string) => childBox(moov, stbl, type);
  const stts = box('stts');
  const stsc = box('stsc');
  const stsz = box('stsz');
  const stco = box('stco') ?? box('co64');
  if (!stts || !stsc || !stsz || !stco) throw new Mp4Error('an audio sample table without stts, stsc, stsz or stco');
  const sampleCount = readU32(moov, stsz.dataStart + 8);
  const fixedSize = readU32(moov, stsz.dataStart + 4);
  const sizeOf = (i: number) => (fixedSize !== 0 ? fixedSize : readU32(moov, stsz.dataStart + 12 + i * 4));
  const wide = stco.type === 'co64';
  const chunkCount = readU32(moov, stco.dataStart + 4);
  const chunkOffset = (i: number) => (wide ? readU64(moov, stco.dataStart + 8 + i * 8) : readU32(moov, stco.dataStart + 8 + i * 4));
  const runs = readU32(moov, stsc.dataStart + 4);
  const durations: number[] = [];
  for (let entry = 0, entries = readU32(moov, stts.dataStart + 4); entry < entries; entry++) {
    const count = readU32(moov, stts.dataStart + 8 + entry * 8);
    const delta = readU32(moov, stts.dataStart + 12 + entry * 8);
    for (let i = 0; i < count && durations.length < sampleCount; i++) durations.push(delta);
  }
  const samples: Mp4AudioSample[] = [];
  let time = 0;
  for (let run = 0; run < runs; run++) {
    const at = stsc.dataStart + 8 + run * 12;
    const firstChunk = readU32(moov, at) - 1;
    const perChunk = readU32(moov, at + 4);
    const lastChunk = run + 1 < runs ? readU32(moov, at + 12) - 1 : chunkCount;
    for (let chunk = firstChunk; chunk < lastChunk && samples.length < sampleCount; chunk++) {
      let offset = chunkOffset(chunk);
      for (let i = 0; i < perChunk && samples.length < sampleCount; i++) {
        const index = samples.length;
        const size = sizeOf(index);
        const duration = durations[index] ?? durations.at(-1) ?? 0;
        samples.push({ offset, size, time, duration });
        offset += size;
        time += duration;
      }
    }
  }
  return samples;
}

const TFHD_BASE_OFFSET = 0x1;
const TFHD_DESCRIPTION = 0x2;
const TFHD_DURATION = 0x8;
const TFHD_SIZE = 0x10;
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_FLAGS = 0x4;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_COMPOSITION = 0x800;

/** A fragment's audio samples: `moof` is the box, header included, found at `moofOffset` in the file. */
export function fragmentAudioSamples(moof: Uint8Array, moofOffset: number, track: Mp4AudioTrack): Mp4AudioSample[] {
  const root = childBoxes(moof, 0, moof.length)[0];
  if (root?.type !== 'moof') throw new Mp4Error('not a moof');
  const samples: Mp4AudioSample[] = [];
  for (const traf of childBoxes(moof, root.dataStart, root.end).filter((box) => box.type === 'traf')) {
    const children = childBoxes(moof, traf.dataStart, traf.end);
    const tfhd = children.find((box) => box.type === 'tfhd');
    if (!tfhd || readU32(moof, tfhd.dataStart + 4) !== track.id) continue;
    const flags = readU32(moof, tfhd.dataStart) & 0xffffff;
    let pos = tfhd.dataStart + 8;
    // Without an explicit base, data offsets count from the moof (default-base-is-moof, as every recorder writes).
    let base = moofOffset;
    if (flags & TFHD_BASE_OFFSET) {
      base = readU64(moof, pos);
      pos += 8;
    }
    if (flags & TFHD_DESCRIPTION) pos += 4;
    let defaultDuration = track.defaultDuration;
    let defaultSize = track.defaultSize;
    if (flags & TFHD_DURATION) defaultDuration = readU32(moof, (pos += 4) - 4);
    if (flags & TFHD_SIZE) defaultSize = readU32(moof, pos);
    const tfdt = children.find((box) => box.type === 'tfdt');
    let time = tfdt ? readVersioned(moof, tfdt.dataStart + 4, moof[tfdt.dataStart]!) : 0;
    let next = base;
    for (const trun of children.filter((box) => box.type === 'trun')) {
      const runFlags = readU32(moof, trun.dataStart) & 0xffffff;
      const count = readU32(moof, trun.dataStart + 4);
      let at = trun.dataStart + 8;
      if (runFlags & TRUN_DATA_OFFSET) {
        next = base + (readU32(moof, at) | 0);
        at += 4;
      }
      if (runFlags & TRUN_FIRST_FLAGS) at += 4;
      for (let i = 0; i < count; i++) {
        if (at > trun.end) throw new Mp4Error('trun runs past its box');
        let duration = defaultDuration;
        let size = defaultSize;
        if (runFlags & TRUN_DURATION) duration = readU32(moof, (at += 4) - 4);
        if (runFlags & TRUN_SIZE) size = readU32(moof, (at += 4) - 4);
        if (runFlags & TRUN_FLAGS) at += 4;
        if (runFlags & TRUN_COMPOSITION) at += 4;
        samples.push({ offset: next, size, time, duration });
        next += size;
        time += duration;
      }
    }
  }
  return samples;
}

/** stts's runs of equal durations. */
function timeToSample(durations: readonly number[]): Uint8Array {
  const runs: [number, number][] = [];
  for (const duration of durations) {
    const last = runs.at(-1);
    if (last && last[1] === duration) last[0]++;
    else runs.push([1, duration]);
  }
  return makeFullBox('stts', 0, 0, u32(runs.length), ...runs.flatMap(([count, delta]) => [u32(count), u32(delta)]));
}

/**
 * A progressive M4A of these samples (their bytes in order, each with its duration), one chunk after
 * the `moov`. `brand` M4A for AAC; the same layout carries Opus (`Opus` sample entry).
 */
export function audioOnlyMp4(
  track: Pick<Mp4AudioTrack, 'timescale' | 'stsd'>,
  samples: readonly { bytes: Uint8Array; duration: number }[],
): Uint8Array {
  const duration = samples.reduce((sum, sample) => sum + sample.duration, 0);
  const zeros = (n: number) => new Uint8Array(n);
  const matrix = concatBytes([u32(0x10000), u32(0), u32(0), u32(0), u32(0x10000), u32(0), u32(0), u32(0), u32(0x40000000)]);
  const ftyp = makeBox('ftyp', new TextEncoder().encode('M4A '), u32(0), new TextEncoder().encode('M4A isommp42'));
  const mvhd = makeFullBox(
    'mvhd',
    0,
    0,
    u32(0),
    u32(0),
    u32(track.timescale),
    u32(duration),
    u32(0x10000),
    Uint8Array.of(1, 0),
    zeros(10),
    matrix,
    zeros(24),
    u32(2),
  );
  const tkhd = makeFullBox(
    'tkhd',
    0,
    3,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    zeros(8),
    Uint8Array.of(0, 0, 0, 0, 1, 0, 0, 0),
    matrix,
    u32(0),
    u32(0),
  );
  // Language `und`: three 5-bit letters less 0x60, packed.
  const mdhd = makeFullBox('mdhd', 0, 0, u32(0), u32(0), u32(track.timescale), u32(duration), Uint8Array.of(0x55, 0xc4, 0, 0));
  const hdlr = makeFullBox('hdlr', 0, 0, u32(0), new TextEncoder().encode('soun'), zeros(12), new TextEncoder().encode('SoundHandler\0'));
  const dinf = makeBox('dinf', makeFullBox('dref', 0, 0, u32(1), makeFullBox('url ', 0, 1)));
  const stsc = makeFullBox('stsc', 0, 0, u32(1), u32(1), u32(samples.length), u32(1));
  const stsz = makeFullBox('stsz', 0, 0, u32(0), u32(samples.length), ...samples.map((sample) => u32(sample.bytes.length)));
  const stblWith = (offset: number) =>
    makeBox(
      'stbl',
      track.stsd,
      timeToSample(samples.map((sample) => sample.duration)),
      stsc,
      stsz,
      makeFullBox('stco', 0, 0, u32(1), u32(offset)),
    );
  const moovWith = (offset: number) =>
    makeBox(
      'moov',
      mvhd,
      makeBox('trak', tkhd, makeBox('mdia', mdhd, hdlr, makeBox('minf', makeFullBox('smhd', 0, 0, u32(0)), dinf, stblWith(offset)))),
    );
  const moovLength = moovWith(0).length;
  const moov = moovWith(ftyp.length + moovLength + 8);
  const data = concatBytes(samples.map((sample) => sample.bytes));
  return concatBytes([ftyp, moov, u32(8 + data.length), new TextEncoder().encode('mdat'), data]);
}
