import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../bytes.ts';
import { readU32 } from './boxes.ts';
import { mp4MimeType, parseMp4Init } from './mp4-init.ts';
import { Mp4Scanner, type Mp4ScanEvent } from './mp4-scanner.ts';

const camera = new Uint8Array(readFileSync(new URL('../../../tests/fixtures/camera-h264-opus.mp4', import.meta.url)));
const chunkSizes: number[] = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/camera-h264-opus.chunks.json', import.meta.url), 'utf8'),
);

function cut(bytes: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  for (const size of sizes) out.push(bytes.subarray(at, (at += size)));
  if (at < bytes.length) out.push(bytes.subarray(at));
  return out;
}

/** Top-level boxes of the file, walked by hand (independently of the scanner). */
function topBoxes(bytes: Uint8Array) {
  const boxes: { type: string; start: number; end: number }[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = readU32(bytes, at);
    boxes.push({ type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)), start: at, end: at + size });
    at += size;
  }
  return boxes;
}

const withoutKind = (events: Mp4ScanEvent[]) =>
  events.map((event) => (event.kind === 'init' ? { kind: 'init', length: event.init.bytes.length } : event));

describe('following a MediaRecorder fragmented MP4 as it arrives', () => {
  const boxes = topBoxes(camera);
  const moofs = boxes.filter((box) => box.type === 'moof');
  const whole = new Mp4Scanner().push(camera);

  it('finds the init section (ftyp and moov), its tracks and the MediaSource type', () => {
    const init = whole.find((event) => event.kind === 'init');
    if (init?.kind !== 'init') throw new Error('no init');
    expect(init.init.bytes.length).toBe(moofs[0]!.start);
    expect(init.init.tracks.map((track) => [track.id, track.kind, track.timescale, track.codec])).toEqual([
      [1, 'audio', 48000, 'opus'],
      [2, 'video', 20000, 'avc1.640c15'],
    ]);
    expect(mp4MimeType(parseMp4Init(init.init.bytes))).toBe('video/mp4; codecs="avc1.640c15,opus"');
  });

  it('reports every fragment once its mdat is whole, each starting on a keyframe, back to back in time', () => {
    const fragments = whole.filter((event) => event.kind === 'fragment');
    const mdats = boxes.filter((box) => box.type === 'mdat');
    expect(fragments.map((f) => [f.start, f.end])).toEqual(moofs.map((moof, i) => [moof.start, mdats[i]!.end]));
    expect(fragments.every((f) => f.key)).toBe(true);
    for (let i = 1; i < fragments.length; i++)
      expect(fragments[i]!.time).toBeCloseTo(fragments[i - 1]!.time + fragments[i - 1]!.duration, 2);
    expect(fragments.reduce((sum, f) => sum + f.duration, 0)).toBeCloseTo(7.99, 1);
  });

  it('patches the short last Opus sample of every fragment to the length of the one before it', () => {
    const patches = whole.filter((event) => event.kind === 'patch');
    expect(patches).toHaveLength(moofs.length);
    for (const patch of patches) {
      // The recorder wrote 1,008 ticks (21 ms at 48 kHz); the sample before it, 2,880 (60 ms).
      expect(readU32(camera, patch.offset)).toBe(1008);
      expect(readU32(camera, patch.offset - 8)).toBe(2880);
      expect(readU32(patch.bytes, 0)).toBe(2880);
      expect(moofs.some((moof) => patch.offset > moof.start && patch.offset < moof.end)).toBe(true);
    }
  });

  it('reports the same whether the bytes come whole, in the recorder’s chunks, or a byte at a time across a snapshot', () => {
    // Through a snapshot between chunks, as the Durable Object does.
    let scanner = new Mp4Scanner();
    const chunked = cut(camera, chunkSizes).flatMap((chunk) => {
      scanner = Mp4Scanner.restore(JSON.parse(JSON.stringify(scanner.snapshot())));
      return scanner.push(chunk);
    });
    expect(withoutKind(chunked)).toEqual(withoutKind(whole));
    const small = new Mp4Scanner();
    const trickle = cut(
      camera,
      Array.from({ length: Math.ceil(camera.length / 7) }, () => 7),
    ).flatMap((piece) => small.push(piece));
    expect(withoutKind(trickle)).toEqual(withoutKind(whole));
  });

  it('keeps a recording cut off mid-fragment up to its last whole fragment, and settles bytes only once a moof is read', () => {
    const scanner = new Mp4Scanner();
    const last = moofs.at(-1)!;
    scanner.push(camera.subarray(0, last.start + 20));
    expect(scanner.completeUpTo).toBe(last.start);
    expect(scanner.settledUpTo).toBe(last.start);
    scanner.push(camera.subarray(last.start + 20, last.end + 10));
    expect(scanner.settledUpTo).toBe(last.end + 10);
    expect(scanner.completeUpTo).toBe(last.start);
  });

  it('refuses what is not a fragmented MP4: another file, a second movie, a box running to the end', () => {
    expect(() => new Mp4Scanner().push(new TextEncoder().encode('<html>not a video</html>'))).toThrow(/ftyp/);
    const init = camera.subarray(0, moofs[0]!.start);
    expect(() => new Mp4Scanner().push(concatBytes([init, camera.subarray(moofs[0]!.start), init]))).toThrow(/second ftyp/);
    const endless = camera.slice(0, moofs[0]!.start + 8);
    endless.set([0, 0, 0, 0], moofs[0]!.start);
    expect(() => new Mp4Scanner().push(endless)).toThrow(/end of the file/);
  });
});
