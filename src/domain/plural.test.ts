import { describe, expect, it } from 'vitest';
import { compactNumber } from './formatting.ts';
import { countOf, groupedNumber, nounFor } from './plural.ts';

describe('counted nouns', () => {
  it('takes the singular for one and the plural for every other count, zero included', () => {
    expect(countOf(1, 'subscriber')).toBe('1 subscriber');
    expect(countOf(2, 'subscriber')).toBe('2 subscribers');
    expect(countOf(0, 'subscriber')).toBe('0 subscribers');
    expect(countOf(1, 'free member')).toBe('1 free member');
    expect(countOf(3, 'free member')).toBe('3 free members');
  });

  it('groups thousands, and takes an irregular plural', () => {
    expect(countOf(10_214, 'subscriber')).toBe('10,214 subscribers');
    expect(countOf(1, 'story', 'stories')).toBe('1 story');
    expect(countOf(1_200, 'story', 'stories')).toBe('1,200 stories');
    expect(nounFor(1, 'reply', 'replies')).toBe('reply');
    expect(nounFor(7, 'reply', 'replies')).toBe('replies');
  });

  it('writes the number the caller’s way, and a fraction takes the plural', () => {
    expect(countOf(1500, 'view', undefined, compactNumber)).toBe('1.5K views');
    expect(nounFor(1.5, 'minute')).toBe('minutes');
    expect(groupedNumber(1234567)).toBe('1,234,567');
  });
});
