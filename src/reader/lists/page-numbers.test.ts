import { describe, expect, it } from 'vitest';
import { pagesAround } from './page-numbers.ts';

describe('pagesAround', () => {
  it('lists every page when there are few', () => {
    expect(pagesAround(1, 1)).toEqual([1]);
    expect(pagesAround(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and two either side, with gaps between', () => {
    expect(pagesAround(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pagesAround(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(pagesAround(20, 20)).toEqual([1, null, 18, 19, 20]);
  });

  it('fills a gap of one page with that page instead of an ellipsis', () => {
    expect(pagesAround(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
