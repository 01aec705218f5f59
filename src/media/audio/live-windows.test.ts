import { describe, expect, it } from 'vitest';
import { quietCut } from './live-windows.ts';

/** Where a live window is cut (decision 128): frames' coded sizes tell pauses from speech. */
describe('quietCut', () => {
  const frame = (time: number, size: number) => ({ time, size });
  it('cuts in the middle of the longest quiet run in the latter half', () => {
    const frames = [...Array(150).keys()].map((i) => frame(i * 0.02, i >= 100 && i < 120 ? 5 : 120));
    expect(quietCut(frames)).toBe(110);
    // A run shorter than a pause (0.3 s) is a gap between words: none, unless asked for any gap.
    const gaps = [...Array(150).keys()].map((i) => frame(i * 0.02, i >= 100 && i < 110 ? 5 : 120));
    expect(quietCut(gaps)).toBeNull();
    expect(quietCut(gaps, 0)).toBe(105);
  });
  it('cuts at the end when every frame is alike (a constant-rate codec)', () => {
    const frames = [...Array(150).keys()].map((i) => frame(i * 0.02, 100));
    expect(quietCut(frames)).toBeNull();
  });
  it('ignores a quiet run in the first half (the window would be too short)', () => {
    const frames = [...Array(150).keys()].map((i) => frame(i * 0.02, i >= 10 && i < 40 ? 5 : 120));
    expect(quietCut(frames)).toBeNull();
  });
});
