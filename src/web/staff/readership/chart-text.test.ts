import { describe, expect, it } from 'vitest';
import { audienceSummary, bucketLabel, chartSummary } from './chart-text.ts';
import { periodQuery } from './periods.ts';

describe('chart text', () => {
  it('names buckets in UTC', () => {
    expect(bucketLabel('2026-05-05T14:00:00.000Z', 'hour')).toBe('May 5, 14:00');
    expect(bucketLabel('2026-05-05T00:00:00.000Z', 'day')).toBe('Tue, May 5');
    expect(bucketLabel('2026-05-05T14:07:00.000Z', 'minute')).toBe('14:07');
  });

  it('sums up a series, and says so when it is empty', () => {
    const points = [
      { t: '2026-05-04T00:00:00.000Z', value: 3 },
      { t: '2026-05-05T00:00:00.000Z', value: 1200 },
    ];
    expect(chartSummary(points, 'view', 'day', 'in the last 7 days')).toBe('1.2K views in the last 7 days. Most: Tue, May 5 UTC (1.2K).');
    expect(chartSummary([{ t: '2026-05-04T00:00:00.000Z', value: 0 }], 'view', 'day', 'in the last 7 days')).toBe(
      'No views in the last 7 days.',
    );
  });
});

describe('audienceSummary', () => {
  it('names the peak and the minutes watched, not a sum of minutes', () => {
    const series = [
      { t: '2026-05-05T19:30:00.000Z', viewers: 6 },
      { t: '2026-05-05T19:31:00.000Z', viewers: 44 },
      { t: '2026-05-05T19:32:00.000Z', viewers: 2 },
    ];
    expect(audienceSummary({ peakViewers: 44, viewerMinutes: 106, series })).toBe(
      'A peak of 44 viewers at 19:31 UTC; 106 minutes watched in 3 minutes on air.',
    );
  });
});

describe('periodQuery', () => {
  const now = new Date('2026-05-07T10:30:00.000Z');
  it('asks for 24 hourly buckets, 7 or 30 daily ones', () => {
    expect(periodQuery('24h', now)).toBe('interval=hour&from=2026-05-06T11:00:00.000Z');
    expect(periodQuery('7d', now)).toBe('interval=day');
    expect(periodQuery('30d', now)).toBe('interval=day&from=2026-04-08');
  });
});
