import { readFileSync } from 'node:fs';
import { Decoder } from 'ts-ebml';
import { describe, expect, it } from 'vitest';
import { byteDifference } from '../../../tests/api/support/bytes.ts';
import { concatBytes } from '../bytes.ts';
import { WebmScanner, type WebmInit } from './webm-scanner.ts';
import {
  buildCues,
  buildRecordingHeader,
  headerGrowth,
  makeRecordingSeekable,
  newRecordingFacts,
  recordScanEvent,
  recordingDuration,
} from './webm-recording.ts';

const camera = new Uint8Array(readFileSync(new URL('../../../tests/fixtures/camera-vp9-opus.webm', import.meta.url)));

type Decoded = {
  name: string;
  type: string;
  tagStart: number;
  dataStart: number;
  dataEnd: number;
  unknownSize?: boolean;
  value?: unknown;
  data: Uint8Array;
};

function decode(bytes: Uint8Array): Decoded[] {
  return new Decoder().decode(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  ) as unknown as Decoded[];
}

function scanned(bytes: Uint8Array) {
  const events = new WebmScanner().push(bytes);
  const init = events.find((e) => e.kind === 'init')!;
  return { init: (init as { init: WebmInit }).init, events };
}

describe('making a MediaRecorder recording seekable', () => {
  const fixed = concatBytes(makeRecordingSeekable(camera)!);
  const elements = decode(fixed);
  const first = (name: string) => elements.find((e) => e.name === name)!;

  it('keeps every recorded media byte, in order, after the new header', () => {
    const { init } = scanned(camera);
    const growth = headerGrowth(init);
    expect(fixed.subarray(init.bytes.length + growth, init.bytes.length + growth + camera.length - init.bytes.length)).toEqual(
      camera.subarray(init.bytes.length),
    );
  });

  it('writes a Duration that matches the last frame', () => {
    const duration = first('Duration').value as number;
    const { events } = scanned(camera);
    const lastVideo = events.filter((e) => e.kind === 'block' && e.track === 2).at(-1) as { time: number };
    expect(duration).toBeGreaterThan(lastVideo.time);
    expect(duration).toBeLessThan(lastVideo.time + 200);
  });

  it('gives the Segment its real size and points the SeekHead at Info, Tracks and Cues', () => {
    const segment = first('Segment');
    // ts-ebml's vint reader gives up on 8-byte sizes, so read the size field by hand: 0x01 then 7 bytes.
    const sizeField = fixed.subarray(segment.dataStart - 8, segment.dataStart);
    expect(sizeField[0]).toBe(0x01);
    const size = sizeField.subarray(1).reduce((n, b) => n * 256 + b, 0);
    expect(segment.dataStart + size).toBe(fixed.length);
    const positions = elements.filter((e) => e.name === 'SeekPosition').map((e) => e.value as number);
    const targets = positions.map((p) => elements.find((e) => e.tagStart === segment.dataStart + p && e.type === 'm')?.name);
    expect(targets).toEqual(['Info', 'Tracks', 'Cues']);
  });

  it('writes a cue for every keyframe Cluster, each pointing at a Cluster that starts with that keyframe', () => {
    const segment = first('Segment');
    const cueTimes = elements.filter((e) => e.name === 'CueTime').map((e) => e.value as number);
    const cuePositions = elements.filter((e) => e.name === 'CueClusterPosition').map((e) => e.value as number);
    expect(cueTimes.length).toBeGreaterThanOrEqual(2);
    expect(cuePositions).toHaveLength(cueTimes.length);
    const clusterStarts = new Set(elements.filter((e) => e.name === 'Cluster' && e.type === 'm').map((e) => e.tagStart));
    for (const position of cuePositions) expect(clusterStarts.has(segment.dataStart + position)).toBe(true);
    expect(cueTimes[0]).toBeLessThan(100);
  });

  it('keeps all the Clusters', () => {
    const count = (bytes: Uint8Array) =>
      new Set(
        decode(bytes)
          .filter((e) => e.name === 'Cluster')
          .map((e) => e.tagStart),
      ).size;
    expect(count(fixed)).toBe(count(camera));
    expect(count(fixed)).toBeGreaterThan(5);
  });

  it('is idempotent: fixing a fixed file changes nothing', () => {
    expect(concatBytes(makeRecordingSeekable(fixed)!)).toEqual(fixed);
  });

  it('grows the header by a size known from the header alone', () => {
    const { init, events } = scanned(camera);
    const facts = newRecordingFacts(init);
    for (const event of events) recordScanEvent(facts, event);
    const cues = buildCues(init, facts);
    const small = buildRecordingHeader(init, { duration: 1, mediaLength: 10, cuesLength: 5 });
    const large = buildRecordingHeader(init, { duration: recordingDuration(facts), mediaLength: 5_000_000_000, cuesLength: cues.length });
    expect(small.length).toBe(large.length);
    expect(small.length - init.bytes.length).toBe(headerGrowth(init));
  });

  it('leaves out a frame cut off at the end (a dropped connection), keeping every whole one', () => {
    const { init } = scanned(camera);
    // Cut inside the last block: its header made it, the end of its payload did not.
    const cut = camera.subarray(0, camera.length - 40);
    const scanner = new WebmScanner();
    scanner.push(cut);
    const kept = scanner.completeUpTo;
    expect(kept).toBeLessThan(cut.length);
    const [header, media] = makeRecordingSeekable(cut)!;
    expect(media!.length).toBe(kept - init.bytes.length);
    expect(byteDifference(media!, camera.subarray(init.bytes.length, kept))).toBe('equal');
    expect(header!.length - init.bytes.length).toBe(headerGrowth(init));
    // What is kept decodes to whole elements only: no element runs past the Cues.
    const decoded = decode(concatBytes(makeRecordingSeekable(cut)!));
    expect(decoded.filter((e) => e.name === 'CuePoint').length).toBeGreaterThan(0);
  });

  it('answers null for bytes without a Cluster', () => {
    const { init } = scanned(camera);
    expect(makeRecordingSeekable(init.bytes)).toBeNull();
  });
});
