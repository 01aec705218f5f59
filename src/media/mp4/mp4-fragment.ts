import { Mp4Error, childBoxes, readU32 } from './boxes.ts';
import { readVersioned, type Mp4Track } from './mp4-init.ts';
import type { BytePatchAt } from '../bytes.ts';
import { fixShortLastSample, type SampleDurations } from './recorder-quirks.ts';

/**
 * One movie fragment's `moof` (ISO 14496-12 8.8): per track, where its samples start on the
 * track's timeline (`tfdt`), how long they last, how many there are and whether the first is a
 * sync sample (a keyframe); and the byte patches that correct what recorders get wrong
 * (recorder-quirks.ts). Offsets of patches are relative to the start of the `moof`.
 */

export interface FragmentTrack {
  id: number;
  /** Media time of the first sample, in the track's timescale. */
  baseTime: number;
  /** The samples' total duration in the track's timescale, after the patches. */
  duration: number;
  samples: number;
  /** Whether the first sample is a sync sample (for video: a keyframe, where decoding may start). */
  firstSync: boolean;
}

export interface Mp4Fragment {
  tracks: FragmentTrack[];
  /** Offsets relative to the `moof`'s first byte. */
  patches: BytePatchAt[];
}

const TFHD = { baseDataOffset: 0x1, sampleDescription: 0x2, defaultDuration: 0x8, defaultSize: 0x10, defaultFlags: 0x20 } as const;
const TRUN = { dataOffset: 0x1, firstSampleFlags: 0x4, duration: 0x100, size: 0x200, flags: 0x400, compositionOffset: 0x800 } as const;
/** sample_is_non_sync_sample in a sample's flags. */
const NON_SYNC = 0x10000;

interface TrackFragmentHeader {
  id: number;
  defaultDuration: number | null;
  defaultFlags: number | null;
}

function readTfhd(bytes: Uint8Array, at: number): TrackFragmentHeader {
  const flags = readU32(bytes, at) & 0xffffff;
  let pos = at + 8;
  if (flags & TFHD.baseDataOffset) pos += 8;
  if (flags & TFHD.sampleDescription) pos += 4;
  let defaultDuration: number | null = null;
  let defaultFlags: number | null = null;
  if (flags & TFHD.defaultDuration) defaultDuration = readU32(bytes, (pos += 4) - 4);
  if (flags & TFHD.defaultSize) pos += 4;
  if (flags & TFHD.defaultFlags) defaultFlags = readU32(bytes, pos);
  return { id: readU32(bytes, at + 4), defaultDuration, defaultFlags };
}

interface TrackRun {
  count: number;
  /** Per-sample durations, with where each is written (null when the run leaves them to the defaults). */
  durations: SampleDurations | null;
  firstFlags: number | null;
}

function readTrun(bytes: Uint8Array, at: number, end: number): TrackRun {
  const flags = readU32(bytes, at) & 0xffffff;
  const count = readU32(bytes, at + 4);
  let pos = at + 8;
  if (flags & TRUN.dataOffset) pos += 4;
  let firstFlags: number | null = null;
  if (flags & TRUN.firstSampleFlags) {
    firstFlags = readU32(bytes, pos);
    pos += 4;
  }
  const fields = [TRUN.duration, TRUN.size, TRUN.flags, TRUN.compositionOffset].filter((bit) => flags & bit).length;
  if (pos + count * fields * 4 > end) throw new Mp4Error('trun runs past its box');
  const durations: SampleDurations | null = flags & TRUN.duration ? { values: [], offsets: [] } : null;
  for (let i = 0; i < count; i++) {
    if (durations) {
      durations.values.push(readU32(bytes, pos));
      durations.offsets.push(pos);
    }
    if (i === 0 && firstFlags === null && flags & TRUN.flags)
      firstFlags = readU32(bytes, pos + (flags & TRUN.duration ? 4 : 0) + (flags & TRUN.size ? 4 : 0));
    pos += fields * 4;
  }
  return { count, durations, firstFlags };
}

/** Parses a complete `moof` box (`bytes` is the box, header included) against the init's tracks. */
export function parseFragment(bytes: Uint8Array, tracks: readonly Mp4Track[]): Mp4Fragment {
  const moof = childBoxes(bytes, 0, bytes.length)[0];
  if (moof?.type !== 'moof') throw new Mp4Error('not a moof');
  const out: Mp4Fragment = { tracks: [], patches: [] };
  for (const traf of childBoxes(bytes, moof.dataStart, moof.end).filter((box) => box.type === 'traf')) {
    const children = childBoxes(bytes, traf.dataStart, traf.end);
    const tfhdBox = children.find((box) => box.type === 'tfhd');
    if (!tfhdBox) throw new Mp4Error('a traf without tfhd');
    const tfhd = readTfhd(bytes, tfhdBox.dataStart);
    const track = tracks.find((candidate) => candidate.id === tfhd.id);
    if (!track) throw new Mp4Error(`a fragment of track ${tfhd.id}, which the init section does not have`);
    const tfdt = children.find((box) => box.type === 'tfdt');
    const baseTime = tfdt ? readVersioned(bytes, tfdt.dataStart + 4, bytes[tfdt.dataStart]!) : 0;
    const runs = children.filter((box) => box.type === 'trun').map((box) => readTrun(bytes, box.dataStart, box.end));
    const samples = runs.reduce((sum, run) => sum + run.count, 0);
    const defaultDuration = tfhd.defaultDuration ?? track.defaultDuration;
    // Every sample's duration, in order across the runs (per-sample values where given, else the default).
    const all: SampleDurations = { values: [], offsets: [] };
    for (const run of runs) {
      for (let i = 0; i < run.count; i++) {
        all.values.push(run.durations ? run.durations.values[i]! : defaultDuration);
        all.offsets.push(run.durations ? run.durations.offsets[i]! : null);
      }
    }
    if (track.kind === 'audio') out.patches.push(...fixShortLastSample(all));
    const firstFlags = runs[0]?.firstFlags ?? tfhd.defaultFlags ?? track.defaultFlags;
    out.tracks.push({
      id: track.id,
      baseTime,
      duration: all.values.reduce((sum, value) => sum + value, 0),
      samples,
      firstSync: samples > 0 && !(firstFlags & NON_SYNC),
    });
  }
  return out;
}
