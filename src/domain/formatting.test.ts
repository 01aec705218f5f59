import { describe, expect, it } from 'vitest';
import { compactNumber, formatDay, formatFullDate, viewsLabel } from './formatting.ts';

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

describe('formatFullDate', () => {
  it('writes long month, day, year and a two-digit time in en-US', () => {
    expect(formatFullDate('2025-03-07T09:05:00.000Z', 'UTC')).toBe('March 7, 2025 at 09:05 AM');
    expect(formatFullDate('2025-11-21T17:50:00.000Z', 'America/New_York')).toBe('November 21, 2025 at 12:50 PM');
  });
});

describe('formatDay', () => {
  it('writes the calendar day in en-US, in the given time zone', () => {
    expect(formatDay('2025-03-07T09:05:00.000Z', 'UTC')).toBe('March 7, 2025');
    expect(formatDay('2025-11-22T02:00:00.000Z', 'America/New_York')).toBe('November 21, 2025');
  });
});
