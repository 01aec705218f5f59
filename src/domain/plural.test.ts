import { describe, expect, it } from 'vitest';
import { countOf, pluralForm } from './plural.ts';

describe('counts in words', () => {
  const views = { one: 'view', other: 'views' };

  it('picks the form by the language’s plural rules', () => {
    expect(countOf(0, views)).toBe('0 views');
    expect(countOf(1, views)).toBe('1 view');
    expect(countOf(2, views)).toBe('2 views');
    expect(countOf(1.5, views)).toBe('1.5 views');
    expect(pluralForm(-1, views)).toBe('view');
  });

  it('writes the number as given', () => {
    expect(countOf(1500, views, '1.5K')).toBe('1.5K views');
  });
});
