import { describe, expect, it } from 'vitest';
import { inCueOrder, shiftCues, spokenText } from './cues.ts';
import { clockTime, transcriptParagraphs } from './transcript.ts';

describe('transcripts', () => {
  it('starts a paragraph at a long pause, or at a sentence end once a paragraph is long', () => {
    const cues = [
      { start: 0, end: 2, text: 'Good evening.' },
      { start: 2.2, end: 4, text: 'The harbour is closed' },
      { start: 7, end: 9, text: 'after the storm.' },
      ...Array.from({ length: 16 }, (_, i) => ({ start: 10 + i * 2, end: 11.9 + i * 2, text: `Line ${i}.` })),
    ];
    const paragraphs = transcriptParagraphs(cues);
    expect(paragraphs[0]).toEqual({ start: 0, text: 'Good evening. The harbour is closed' });
    expect(paragraphs[1]!.start).toBe(7);
    expect(paragraphs[2]!.start).toBe(38); // 7 + 30 s, at the sentence ending there
    expect(paragraphs.map((p) => p.text).join(' ')).toBe(spokenText(cues));
  });

  it('shows times as a reader reads them', () => {
    expect(clockTime(65.9)).toBe('1:05');
    expect(clockTime(3723)).toBe('1:02:03');
  });

  it('shifts and orders cues', () => {
    expect(shiftCues([{ start: 1, end: 2, text: 'a' }], 600)).toEqual([{ start: 601, end: 602, text: 'a' }]);
    expect(
      inCueOrder([
        { start: 2, end: 3, text: ' b  c ' },
        { start: 1, end: 5, text: 'a' },
      ]).map((c) => c.text),
    ).toEqual(['a', 'b c']);
  });
});
