import { describe, expect, it } from 'vitest';
import { compactNumber, viewsLabel } from './formatting.ts';

describe('compactNumber', () => {
  it('leaves numbers under a thousand as they are', () => {
    expect(compactNumber(0)).toBe('0');
    expect(compactNumber(999)).toBe('999');
  });

  it('uses K from a thousand and M from a million, with at most one decimal', () => {
    expect(compactNumber(1000)).toBe('1K');
    expect(compactNumber(1500)).toBe('1.5K');
    expect(compactNumber(12_345)).toBe('12.3K');
    expect(compactNumber(1_000_000)).toBe('1M');
    expect(compactNumber(2_450_000)).toBe('2.5M');
  });

  it('labels views in the singular and plural', () => {
    expect(viewsLabel(1)).toBe('1 view');
    expect(viewsLabel(0)).toBe('0 views');
    expect(viewsLabel(4200)).toBe('4.2K views');
  });
});
