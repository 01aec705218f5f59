import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../src/media/bytes.ts';
import { WebmScanner, parseInitSegment } from '../../../src/media/webm/webm-scanner.ts';
import { loopRecording, recordingTicks } from './webm-looper.ts';

const fixture = new Uint8Array(readFileSync(new URL('../../../tests/fixtures/camera-vp9-opus.webm', import.meta.url)));
const chunkSizes = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/camera-vp9-opus.chunks.json', import.meta.url), 'utf8'),
) as number[];

function scan(bytes: Uint8Array) {
  return new WebmScanner().push(bytes);
}

describe('loopRecording', () => {
  it('repeats the media after one init segment with Cluster times rising by the recording length', () => {
    const looped = loopRecording(fixture, chunkSizes, 3);
    const stream = concatBytes(looped.chunks);
    const events = scan(stream);
    const original = scan(fixture);

    expect(events.filter((e) => e.kind === 'init')).toHaveLength(1);
    expect(parseInitSegment(stream)!.bytes).toEqual(looped.init);
    expect(looped.loopMs).toBe(recordingTicks(fixture));
    expect(looped.loopMs).toBe(8000);
    const clusters = (list: typeof events) => list.filter((e) => e.kind === 'cluster').length;
    expect(clusters(events)).toBe(3 * clusters(original));

    const times = (list: typeof events) => list.flatMap((e) => (e.kind === 'block' ? [{ track: e.track, time: e.time }] : []));
    const before = times(original);
    const after = times(events);
    expect(after).toHaveLength(3 * before.length);
    for (let loop = 0; loop < 3; loop++) {
      for (let i = 0; i < before.length; i++) {
        expect(after[loop * before.length + i]).toEqual({ track: before[i]!.track, time: before[i]!.time + loop * 8000 });
      }
    }
    // Per track, time never goes back, also across a repeat.
    for (const track of [1, 2]) {
      const list = after.filter((b) => b.track === track).map((b) => b.time);
      expect(list).toEqual([...list].sort((a, b) => a - b));
    }
  });

  it('keeps the recorder’s chunk cuts in every repeat', () => {
    const looped = loopRecording(fixture, chunkSizes, 2);
    expect(looped.chunks).toHaveLength(2 * chunkSizes.length);
    // The first chunk is the first recorder chunk, its Timecode widened (1 byte here: 3 more bytes).
    expect(looped.chunks[0]!.length).toBe(chunkSizes[0]! + 3);
    // Repeats are the same length chunk by chunk, the first chunk of a repeat without the init segment.
    const first = looped.chunks.slice(0, chunkSizes.length).map((c) => c.length);
    const second = looped.chunks.slice(chunkSizes.length).map((c) => c.length);
    expect(second.slice(1)).toEqual(first.slice(1));
    expect(second[0]).toBe(first[0]! - looped.init.length);
  });

  it('with one loop gives back the recording apart from the widened Timecodes', () => {
    const once = concatBytes(loopRecording(fixture, chunkSizes, 1).chunks);
    const times = (bytes: Uint8Array) => scan(bytes).flatMap((e) => (e.kind === 'block' ? [e.time] : []));
    expect(times(once)).toEqual(times(fixture));
  });

  it('refuses chunk sizes that do not add up', () => {
    expect(() => loopRecording(fixture, [100], 2)).toThrow(/do not add up/);
  });
});
