import { describe, expect, it } from 'vitest';
import { contentRange, etagMatches, resolveRange } from './byte-range.ts';
import { isMediaKey, mediaKey, mediaUrl } from './media-keys.ts';
import { R2_MAX_PARTS, R2_MIN_PART_BYTES, missingParts, partLength, planParts } from './part-plan.ts';
import { recordingPartOf, recordingPartRange, splitByPart } from './recording-parts.ts';

const MiB = 1024 * 1024;

describe('resolveRange', () => {
  it.each([
    [null, { kind: 'whole' }],
    ['bytes=0-9', { kind: 'partial', offset: 0, length: 10 }],
    ['bytes=90-', { kind: 'partial', offset: 90, length: 10 }],
    ['bytes=-5', { kind: 'partial', offset: 95, length: 5 }],
    ['bytes=-500', { kind: 'partial', offset: 0, length: 100 }],
    ['bytes=50-5000', { kind: 'partial', offset: 50, length: 50 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=9-3', { kind: 'whole' }],
    ['bytes=0-1,4-5', { kind: 'whole' }],
    ['pages=1-2', { kind: 'whole' }],
  ])('%s of 100 bytes', (header, expected) => {
    expect(resolveRange(header, 100)).toEqual(expected);
  });

  it('formats Content-Range and compares ETags weakly', () => {
    expect(contentRange({ offset: 10, length: 5 }, 100)).toBe('bytes 10-14/100');
    expect(etagMatches('W/"abc", "def"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe('media keys and types', () => {
  it('makes keys by folder, month and id, and recognises only those', () => {
    const key = mediaKey('videos', 'webm', '2026-11-21T10:00:00.000Z', '0b9e4c6a-1d2f-4e3a-9b8c-7d6e5f4a3b2c');
    expect(key).toBe('videos/2026/11/0b9e4c6a-1d2f-4e3a-9b8c-7d6e5f4a3b2c.webm');
    expect(isMediaKey(key)).toBe(true);
    expect(mediaUrl(key)).toBe(`/media/${key}`);
    for (const bad of [
      'videos/2026/11/x.webm',
      '../videos/2026/11/0b9e4c6a-1d2f-4e3a-9b8c-7d6e5f4a3b2c.webm',
      'other/2026/11/0b9e4c6a-1d2f-4e3a-9b8c-7d6e5f4a3b2c.webm',
    ]) {
      expect(isMediaKey(bad)).toBe(false);
    }
  });
});

describe('planParts', () => {
  it('cuts a file into equal parts and a shorter last one', () => {
    const plan = planParts(3 * 8 * MiB + 100, 8 * MiB);
    expect(plan).toEqual({ size: 3 * 8 * MiB + 100, partSize: 8 * MiB, partCount: 4 });
    expect([1, 2, 3, 4, 5].map((n) => partLength(plan, n))).toEqual([8 * MiB, 8 * MiB, 8 * MiB, 100, 0]);
    expect(missingParts(plan, [3, 1])).toEqual([2, 4]);
  });

  it('keeps parts within R2’s limits', () => {
    expect(planParts(100, 1024).partSize).toBe(R2_MIN_PART_BYTES);
    expect(planParts(100, 1024).partCount).toBe(1);
    const huge = planParts(200 * 1024 * MiB, 8 * MiB);
    expect(huge.partCount).toBeLessThanOrEqual(R2_MAX_PARTS);
    expect(huge.partSize % MiB).toBe(0);
  });
});

describe('recording parts', () => {
  const layout = { partSize: 100, growth: 7 };

  it('puts the first partSize - growth recorded bytes in part 1, then whole parts', () => {
    expect(recordingPartRange(layout, 1)).toEqual({ start: 0, end: 93 });
    expect(recordingPartRange(layout, 2)).toEqual({ start: 93, end: 193 });
    expect([0, 92, 93, 192, 193].map((offset) => recordingPartOf(layout, offset))).toEqual([1, 1, 2, 2, 3]);
  });

  it('splits arriving bytes at part boundaries', () => {
    const bytes = Uint8Array.from({ length: 250 }, (_, i) => i % 256);
    const runs = splitByPart(layout, 50, bytes);
    expect(runs.map((r) => [r.part, r.bytes.length])).toEqual([
      [1, 43],
      [2, 100],
      [3, 100],
      [4, 7],
    ]);
    expect(runs[1]!.bytes[0]).toBe(43);
  });
});
