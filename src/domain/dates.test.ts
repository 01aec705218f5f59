import { describe, expect, it } from 'vitest';
import { correctionLine, formatDay, formatFullDate } from './dates.ts';

describe('formatFullDate: the one way a moment is written (decision 046)', () => {
  it('writes long month, day, year and a two-digit time in en-US, in UTC, saying so', () => {
    expect(formatFullDate('2025-03-07T09:05:00.000Z')).toBe('March 7, 2025 at 09:05 AM UTC');
    expect(formatFullDate('2025-11-21T17:50:00.000Z')).toBe('November 21, 2025 at 05:50 PM UTC');
    expect(formatFullDate('2026-01-01T00:00:59.999Z')).toBe('January 1, 2026 at 12:00 AM UTC');
    expect(formatFullDate('2026-06-30T12:30:00.000Z')).toBe('June 30, 2026 at 12:30 PM UTC');
    expect(formatFullDate('2026-12-31T23:59:00.000+00:00')).toBe('December 31, 2026 at 11:59 PM UTC');
  });

  it('says the same whatever time zone the process runs in, and the same as Intl does for UTC', () => {
    const moment = '2025-11-22T02:07:00.000Z';
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    })
      .format(new Date(moment))
      .replace(/\u202f/g, ' ');
    expect(formatFullDate(moment)).toBe(`${intl} UTC`);
  });

  it('writes a correction with the same date', () => {
    expect(correctionLine({ note: 'The mayor’s name was misspelt.', createdAt: '2026-11-23T10:00:00.000Z' })).toBe(
      'Correction, November 23, 2026 at 10:00 AM UTC: The mayor’s name was misspelt.',
    );
  });
});

describe('formatDay', () => {
  it('writes the calendar day in en-US, in UTC', () => {
    expect(formatDay('2025-03-07T09:05:00.000Z')).toBe('March 7, 2025');
    expect(formatDay('2025-11-22T02:00:00.000Z')).toBe('November 22, 2025');
  });
});
