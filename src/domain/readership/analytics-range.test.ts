import { describe, expect, it } from 'vitest';
import { hourOf, isRangeInstant, rangeMessages, resolveRange, type AnalyticsRange } from './analytics-range.ts';

function range(query: Parameters<typeof resolveRange>[0], now = '2026-05-07T10:30:00.000Z'): AnalyticsRange {
  const outcome = resolveRange(query, now);
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.message}`);
  return outcome.range;
}

describe('resolveRange', () => {
  it('defaults to the last 7 days by day, today included', () => {
    const r = range({});
    expect(r.interval).toBe('day');
    expect(r.buckets).toEqual(['01', '02', '03', '04', '05', '06', '07'].map((d) => `2026-05-${d}T00:00:00.000Z`));
    expect(r.start).toBe('2026-05-01T00:00:00.000Z');
    expect(r.end).toBe('2026-05-08T00:00:00.000Z');
  });

  it('defaults to the last 168 hours by the hour, the current hour included', () => {
    const r = range({ interval: 'hour' });
    expect(r.buckets).toHaveLength(168);
    expect(r.buckets.at(-1)).toBe('2026-05-07T10:00:00.000Z');
    expect(r.buckets[0]).toBe('2026-04-30T11:00:00.000Z');
  });

  it('takes dates as whole UTC days, to included', () => {
    const r = range({ from: '2026-04-01', to: '2026-04-03' });
    expect(r.buckets).toEqual(['2026-04-01T00:00:00.000Z', '2026-04-02T00:00:00.000Z', '2026-04-03T00:00:00.000Z']);
    const hours = range({ from: '2026-04-01', to: '2026-04-01', interval: 'hour' });
    expect(hours.buckets).toHaveLength(24);
    expect(hours.buckets[23]).toBe('2026-04-01T23:00:00.000Z');
  });

  it('takes date-times as instants: every bucket that overlaps [from, to)', () => {
    const r = range({ from: '2026-04-01T10:30:00Z', to: '2026-04-01T12:00:00Z', interval: 'hour' });
    expect(r.buckets).toEqual(['2026-04-01T10:00:00.000Z', '2026-04-01T11:00:00.000Z']);
    const offset = range({ from: '2026-04-01T02:00:00+02:00', to: '2026-04-01T03:00:00+02:00', interval: 'hour' });
    expect(offset.buckets).toEqual(['2026-04-01T00:00:00.000Z']);
  });

  it('defaults from to seven days before a given to', () => {
    expect(range({ to: '2026-03-10' }).buckets[0]).toBe('2026-03-04T00:00:00.000Z');
  });

  it('allows 366 days, not 367', () => {
    expect(range({ from: '2024-01-01', to: '2024-12-31' }).buckets).toHaveLength(366);
    expect(range({ from: '2025-01-01', to: '2026-01-01' }).buckets).toHaveLength(366);
    expect(resolveRange({ from: '2025-01-01', to: '2026-01-02' }, '2026-05-07T00:00:00Z')).toEqual({
      ok: false,
      field: 'from',
      message: rangeMessages.tooLong,
    });
  });

  it('allows hours for 14 days, not more', () => {
    expect(range({ from: '2026-04-01', to: '2026-04-14', interval: 'hour' }).buckets).toHaveLength(336);
    expect(resolveRange({ from: '2026-04-01', to: '2026-04-15', interval: 'hour' }, '2026-05-07T00:00:00Z')).toEqual({
      ok: false,
      field: 'interval',
      message: rangeMessages.hourlyTooLong,
    });
    expect(range({ from: '2026-04-01', to: '2026-04-15' }).buckets).toHaveLength(15);
  });

  it('refuses to before from, and text that is not a date', () => {
    expect(resolveRange({ from: '2026-04-03', to: '2026-04-01' }, '2026-05-07T00:00:00Z')).toMatchObject({ ok: false, field: 'to' });
    expect(resolveRange({ from: '2026-02-30' }, '2026-05-07T00:00:00Z')).toMatchObject({ ok: false, field: 'from' });
    expect(resolveRange({ to: 'yesterday' }, '2026-05-07T00:00:00Z')).toMatchObject({ ok: false, field: 'to' });
  });
});

describe('isRangeInstant', () => {
  it('takes ISO dates and zoned date-times only', () => {
    expect(isRangeInstant('2026-05-01')).toBe(true);
    expect(isRangeInstant('2026-05-01T14:00Z')).toBe(true);
    expect(isRangeInstant('2026-05-01T14:00:00.123Z')).toBe(true);
    expect(isRangeInstant('2026-05-01T14:00:00+05:30')).toBe(true);
    expect(isRangeInstant('2026-05-01T14:00:00')).toBe(false);
    expect(isRangeInstant('2026-13-01')).toBe(false);
    expect(isRangeInstant('1714000000')).toBe(false);
    expect(isRangeInstant('')).toBe(false);
  });
});

describe('hourOf', () => {
  it('is the UTC hour an instant falls in', () => {
    expect(hourOf('2026-05-07T23:59:59.999Z')).toBe('2026-05-07T23:00:00.000Z');
    expect(hourOf('2026-05-08T00:00:00.000Z')).toBe('2026-05-08T00:00:00.000Z');
  });
});
