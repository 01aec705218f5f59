import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ffprobeBytes, hasFfprobe } from '../../../tests/support/ffprobe.ts';
import { concatBytes } from '../bytes.ts';
import { childBoxes, readU32, readU64 } from './boxes.ts';
import { parseMp4Init } from './mp4-init.ts';
import { MAX_INDEX_REFERENCES, buildMp4RecordingHeader, makeMp4Seekable, mp4HeaderGrowth, type RecordedFragment } from './mp4-recording.ts';
import { Mp4Scanner } from './mp4-scanner.ts';

const camera = new Uint8Array(readFileSync(new URL('../../../tests/fixtures/camera-h264-opus.mp4', import.meta.url)));
const events = new Mp4Scanner().push(camera);
const initEvent = events.find((event) => event.kind === 'init');
if (initEvent?.kind !== 'init') throw new Error('no init');
const init = initEvent.init;

/** A box's payload fields, found by walking the file by hand. */
function find(bytes: Uint8Array, path: string[]) {
  let boxes = childBoxes(bytes, 0, bytes.length);
  let found = null;
  for (const [i, type] of path.entries()) {
    found = boxes.find((box) => box.type === type) ?? null;
    if (!found) return null;
    if (i < path.length - 1) boxes = childBoxes(bytes, found.dataStart, found.end);
  }
  return found;
}

function sidxOf(bytes: Uint8Array) {
  const sidx = find(bytes, ['sidx'])!;
  const at = sidx.dataStart;
  const count = (bytes[at + 30]! << 8) | bytes[at + 31]!;
  const refs = Array.from({ length: count }, (_, i) => ({
    size: readU32(bytes, at + 32 + 12 * i) & 0x7fffffff,
    duration: readU32(bytes, at + 36 + 12 * i),
    sap: readU32(bytes, at + 40 + 12 * i) >>> 28,
  }));
  return { end: sidx.end, trackId: readU32(bytes, at + 4), timescale: readU32(bytes, at + 8), firstOffset: readU64(bytes, at + 20), refs };
}

describe('making a MediaRecorder fragmented MP4 playable and seekable from its first byte', () => {
  const fixed = concatBytes(makeMp4Seekable(camera)!);
  const growth = mp4HeaderGrowth(init);

  it('keeps every media byte in place after the header, patching only the short Opus samples', () => {
    expect(fixed.length).toBe(camera.length + growth);
    const media = fixed.subarray(init.bytes.length + growth);
    const original = camera.subarray(init.bytes.length);
    const differing: number[] = [];
    for (let i = 0; i < media.length; i++) if (media[i] !== original[i]) differing.push(i);
    const patches = events.filter((event) => event.kind === 'patch');
    // Each patch rewrites one 32-bit duration, 1,008 becoming 2,880; no other byte differs.
    const inPatch = (i: number) =>
      patches.some((patch) => i + init.bytes.length >= patch.offset && i + init.bytes.length < patch.offset + 4);
    expect(differing.length).toBeGreaterThan(0);
    expect(differing.filter((i) => !inPatch(i))).toEqual([]);
    for (const patch of patches) expect(readU32(media, patch.offset - init.bytes.length)).toBe(2880);
  });

  it('writes the duration into mvhd, mehd, every tkhd and mdhd', () => {
    const mvhd = find(fixed, ['moov', 'mvhd'])!;
    const movie = readU64(fixed, mvhd.dataStart + 24);
    expect(readU32(fixed, mvhd.dataStart + 20)).toBe(1000);
    expect(movie).toBeGreaterThan(7900);
    expect(movie).toBeLessThan(8100);
    expect(readU64(fixed, find(fixed, ['moov', 'mvex', 'mehd'])!.dataStart + 4)).toBe(movie);
    const traks = childBoxes(fixed, find(fixed, ['moov'])!.dataStart, find(fixed, ['moov'])!.end).filter((box) => box.type === 'trak');
    for (const trak of traks) {
      const tkhd = childBoxes(fixed, trak.dataStart, trak.end).find((box) => box.type === 'tkhd')!;
      expect(Math.abs(readU64(fixed, tkhd.dataStart + 28) - movie)).toBeLessThan(100);
    }
  });

  it('indexes every fragment in a sidx (its references adding up to the media), keyframes marked', () => {
    const sidx = sidxOf(fixed);
    expect(sidx.trackId).toBe(2);
    expect(sidx.timescale).toBe(20000);
    const fragments = events.filter((event) => event.kind === 'fragment');
    expect(sidx.refs.map((ref) => ref.size)).toEqual(fragments.map((f) => f.end - f.start));
    expect(sidx.refs.every((ref) => ref.sap === 0b1001)).toBe(true);
    // The free box after the sidx is what first_offset skips: the first moof follows it.
    expect(sidx.end + sidx.firstOffset).toBe(init.bytes.length + growth);
    expect(String.fromCharCode(...fixed.subarray(sidx.end + sidx.firstOffset + 4, sidx.end + sidx.firstOffset + 8))).toBe('moof');
  });

  it('groups fragments into runs once there are more than the index holds, its length never changing', () => {
    const many: RecordedFragment[] = Array.from({ length: 3000 }, (_, i) => ({
      offset: i * 100,
      length: 100,
      key: i % 3 === 0,
      time: i,
      duration: 1,
    }));
    const header = buildMp4RecordingHeader(parseMp4Init(init.bytes), {}, many);
    expect(header.length).toBe(init.bytes.length + growth);
    const sidx = sidxOf(header);
    expect(sidx.refs.length).toBeLessThanOrEqual(MAX_INDEX_REFERENCES);
    expect(sidx.refs.reduce((sum, ref) => sum + ref.size, 0)).toBe(300_000);
    expect(sidx.refs.reduce((sum, ref) => sum + ref.duration, 0)).toBe(3000 * 20000);
    expect(sidx.refs.every((ref) => ref.sap === 0b1001)).toBe(true);
  });

  it('is read by ffprobe without complaint: H.264 and Opus, 8 s', async () => {
    if (!(await hasFfprobe())) return;
    const probe = await ffprobeBytes(fixed);
    expect(probe.complaints).toBe('');
    expect(probe.streams.map((stream) => stream.codec_name).sort()).toEqual(['h264', 'opus']);
    expect(Number(probe.format.duration)).toBeCloseTo(7.99, 1);
  });

  it('answers null for what is not a fragmented MP4 with a whole fragment', () => {
    expect(makeMp4Seekable(init.bytes)).toBeNull();
  });
});
