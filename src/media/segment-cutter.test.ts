import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyPatches, concatBytes } from './bytes.ts';
import { detectContainer, type StreamEvent } from './live-container.ts';
import { openContainer, restoreContainer } from './live-containers.ts';
import { SegmentCutter, type CutSegment } from './segment-cutter.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url)));
const sizes = (name: string): number[] => JSON.parse(readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url), 'utf8'));

function chunks(bytes: Uint8Array, lengths: readonly number[]): Uint8Array[] {
  let at = 0;
  return lengths.map((length) => bytes.subarray(at, (at += length)));
}

/** The whole stream through a container and a cutter, the container snapshotted between chunks as the room does. */
function cutAll(bytes: Uint8Array, lengths: readonly number[]) {
  const kind = detectContainer(bytes);
  if (kind !== 'webm' && kind !== 'mp4') throw new Error('not a fixture');
  let container = openContainer(kind);
  const cutter = new SegmentCutter(container.cutsAnywhere);
  const segments: CutSegment[] = [];
  const events: StreamEvent[] = [];
  let at = 0;
  for (const chunk of chunks(bytes, lengths)) {
    container = restoreContainer(JSON.parse(JSON.stringify(container.snapshot())));
    const found = container.push(chunk);
    events.push(...found);
    segments.push(...cutter.cut(at, chunk, found));
    at += chunk.length;
  }
  return { container, segments, events };
}

describe('cutting a live stream into segments', () => {
  it('cuts MP4 into whole fragments, each a keyframe join point with its time, patched; back to back they are the stream', () => {
    const camera = fixture('camera-h264-opus.mp4');
    const { container, segments, events } = cutAll(camera, sizes('camera-h264-opus.chunks.json'));
    const init = container.init!;
    expect(container.kind).toBe('mp4');
    expect(segments).toHaveLength(8);
    expect(
      segments.every((segment) => segment.key && segment.bytes !== null && String.fromCharCode(...segment.bytes.subarray(4, 8)) === 'moof'),
    ).toBe(true);
    expect(segments[0]!.offset).toBe(init.bytes.length);
    const patches = events.flatMap((event) => (event.kind === 'patch' ? [event] : []));
    const expected = applyPatches(camera.subarray(init.bytes.length), init.bytes.length, patches);
    expect(concatBytes(segments.map((segment) => segment.bytes!))).toEqual(expected);
    expect(segments.map((segment) => segment.time!.toFixed(2))).toEqual(['0.00', '1.05', '2.10', '3.10', '4.15', '5.20', '6.25', '7.30']);
  });

  it('cuts WebM at every chunk and at keyframe Clusters, unpatched: back to back they are the stream', () => {
    const camera = fixture('camera-vp9-opus.webm');
    const { container, segments } = cutAll(camera, sizes('camera-vp9-opus.chunks.json'));
    expect(container.kind).toBe('webm');
    expect(concatBytes(segments.map((segment) => segment.bytes!))).toEqual(camera.subarray(container.init!.bytes.length));
    expect(segments.filter((segment) => segment.key).length).toBeGreaterThanOrEqual(2);
    expect(segments.every((segment) => segment.time === null)).toBe(true);
  });

  it('after a wake, cuts a fragment whose first bytes it no longer holds without bytes, and carries on', () => {
    const camera = fixture('camera-h264-opus.mp4');
    const container = openContainer('mp4');
    const first = new SegmentCutter(false);
    const half = 1226 + 5000;
    const before = first.cut(0, camera.subarray(0, half), container.push(camera.subarray(0, half)));
    expect(before).toEqual([]);
    const woken = new SegmentCutter(false, first.nextOffset, true);
    const after = woken.cut(half, camera.subarray(half), container.push(camera.subarray(half)));
    expect(after[0]!.bytes).toBeNull();
    expect(after.slice(1).every((segment) => segment.bytes !== null)).toBe(true);
    expect(after).toHaveLength(8);
  });

  it('tells the containers apart by their first bytes', () => {
    expect(detectContainer(fixture('camera-h264-opus.mp4'))).toBe('mp4');
    expect(detectContainer(fixture('camera-vp9-opus.webm'))).toBe('webm');
    expect(detectContainer(new Uint8Array([0, 0, 0]))).toBeNull();
    expect(detectContainer(new TextEncoder().encode('<html>not a video'))).toBe('unknown');
  });
});
