import { describe, expect, it } from 'vitest';
import { PublishedStream, ViewerFollower, percentile, summarize } from './stream-follower.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

/** Init [1 2], then chunks [1 2 3 4] [5 6 7] [8 9] (the first carries the init). */
function stream(): PublishedStream {
  const published = new PublishedStream([bytes(1, 2, 3, 4), bytes(5, 6, 7), bytes(8, 9)], 2);
  published.sentAt.splice(0, 3, 100, 200, 300);
  return published;
}

function follower(published: PublishedStream) {
  const delays: [number, number][] = [];
  return { viewer: new ViewerFollower(published, (chunk, ms) => delays.push([chunk, ms])), delays };
}

describe('ViewerFollower', () => {
  it('follows a viewer from the start: every chunk’s delay, complete at the end', () => {
    const published = stream();
    const { viewer, delays } = follower(published);
    viewer.receiveInit(bytes(1, 2));
    viewer.receiveMedia(bytes(3, 4), 110);
    viewer.receiveMedia(bytes(5, 6), 230);
    viewer.receiveMedia(bytes(7, 8, 9), 350);
    expect(delays).toEqual([
      [0, 10],
      [1, 150],
      [2, 50],
    ]);
    expect(viewer.start).toBe(2);
    expect(viewer.complete).toBe(true);
    expect(viewer.messages).toBe(4);
  });

  it('finds where a late joiner starts and counts only chunks that end after it', () => {
    const published = stream();
    const { viewer, delays } = follower(published);
    viewer.receiveInit(bytes(1, 2));
    viewer.receiveMedia(bytes(6, 7), 250);
    viewer.receiveMedia(bytes(8, 9), 310);
    expect(viewer.start).toBe(5);
    expect(delays).toEqual([
      [1, 50],
      [2, 10],
    ]);
    expect(viewer.complete).toBe(true);
  });

  it('is not complete with a gap, wrong bytes, a wrong init or a missing tail', () => {
    const gap = follower(stream()).viewer;
    gap.receiveInit(bytes(1, 2));
    gap.receiveMedia(bytes(3, 4), 0);
    gap.receiveMedia(bytes(6, 7, 8, 9), 0);
    expect(gap.inOrder).toBe(false);
    expect(gap.complete).toBe(false);

    const wrongInit = follower(stream()).viewer;
    wrongInit.receiveInit(bytes(1, 3));
    wrongInit.receiveMedia(bytes(3, 4, 5, 6, 7, 8, 9), 0);
    expect(wrongInit.complete).toBe(false);

    const short = follower(stream()).viewer;
    short.receiveInit(bytes(1, 2));
    short.receiveMedia(bytes(3, 4, 5), 0);
    expect(short.inOrder).toBe(true);
    expect(short.complete).toBe(false);

    const stranger = follower(stream()).viewer;
    stranger.receiveMedia(bytes(42), 0);
    expect(stranger.inOrder).toBe(false);
  });
});

describe('percentile and summarize', () => {
  it('use the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('sorts numerically', () => {
    expect(summarize([30, 4, 1000, 200])).toEqual({ count: 4, p50: 30, p99: 1000, max: 1000 });
  });
});
