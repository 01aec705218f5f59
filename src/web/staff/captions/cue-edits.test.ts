import { describe, expect, it } from 'vitest';
import { cueAt, formatCueTime, mergeWithNext, parseCueTime, splitCue } from './cue-edits.ts';

describe('cue times as people type them', () => {
  it('shows and reads m:ss.ttt and h:mm:ss.ttt', () => {
    expect(formatCueTime(7.25)).toBe('0:07.250');
    expect(formatCueTime(3723.5)).toBe('1:02:03.500');
    for (const [text, seconds] of [
      ['0:07.250', 7.25],
      ['1:02:03.5', 3723.5],
      ['7.25', 7.25],
      ['0:07,5', 7.5],
      ['12:00', 720],
    ] as const)
      expect(parseCueTime(text), text).toBe(seconds);
    for (const text of ['', 'abc', '1:60', '0:07.2500', '-3']) expect(parseCueTime(text), text).toBeNull();
  });
});

describe('split and merge', () => {
  const cues = [
    { start: 0, end: 4, text: 'The ferry is cancelled tonight' },
    { start: 5, end: 6, text: 'Stay home' },
  ];
  it('splits a cue at the word nearest its middle, its time shared by its words', () => {
    const split = splitCue(cues, 0);
    expect(split.map((cue) => cue.text)).toEqual(['The ferry is', 'cancelled tonight', 'Stay home']);
    expect(split[0]).toMatchObject({ start: 0 });
    expect(split[0]!.end).toBe(split[1]!.start);
    expect(split[0]!.end).toBeGreaterThan(1.5);
    expect(split[0]!.end).toBeLessThan(2.5);
    expect(split[1]).toMatchObject({ end: 4 });
    expect(splitCue([{ start: 0, end: 1, text: 'One' }], 0)).toEqual([{ start: 0, end: 1, text: 'One' }]);
  });
  it('merges a cue with the next', () => {
    expect(mergeWithNext(cues, 0)).toEqual([{ start: 0, end: 6, text: 'The ferry is cancelled tonight Stay home' }]);
    expect(mergeWithNext(cues, 1)).toEqual(cues);
  });
  it('finds the cue being said', () => {
    expect(cueAt(cues, 4.5)).toBe(-1);
    expect(cueAt(cues, 5.5)).toBe(1);
  });
});
