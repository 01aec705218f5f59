import { describe, expect, it } from 'vitest';
import { resolveRange } from './analytics-range.ts';
import { assembleAudience, assembleReport, biggestFirst } from './readership.ts';

const range = (() => {
  const outcome = resolveRange({ from: '2026-05-01', to: '2026-05-03' }, '2026-05-07T00:00:00Z');
  if (!outcome.ok) throw new Error('range');
  return outcome.range;
})();

describe('assembleReport', () => {
  it('fills every bucket, oldest first, and totals the series', () => {
    const report = assembleReport(range, {
      series: [
        { t: '2026-05-03T00:00:00.000Z', views: 4 },
        { t: '2026-05-01T00:00:00.000Z', views: 1 },
      ],
      sources: [
        { source: 'direct', views: 2 },
        { source: 'search', views: 3 },
        { source: 'news', views: 0 },
      ],
      referrers: [
        { host: 'b.example', views: 1 },
        { host: 'a.example', views: 1 },
        { host: 'google.com', views: 2 },
      ],
      devices: [{ device: 'mobile', views: 5 }],
    });
    expect(report).toEqual({
      total: 5,
      series: [
        { t: '2026-05-01T00:00:00.000Z', views: 1 },
        { t: '2026-05-02T00:00:00.000Z', views: 0 },
        { t: '2026-05-03T00:00:00.000Z', views: 4 },
      ],
      sources: [
        { source: 'search', views: 3 },
        { source: 'direct', views: 2 },
      ],
      referrers: [
        { host: 'google.com', views: 2 },
        { host: 'a.example', views: 1 },
        { host: 'b.example', views: 1 },
      ],
      devices: [{ device: 'mobile', views: 5 }],
    });
  });

  it('keeps at most 20 referrers', () => {
    const referrers = Array.from({ length: 25 }, (_, i) => ({ host: `h${String(i).padStart(2, '0')}.example`, views: 100 - i }));
    const report = assembleReport(range, { series: [], sources: [], referrers, devices: [] });
    expect(report.referrers).toHaveLength(20);
    expect(report.referrers[0]).toEqual({ host: 'h00.example', views: 100 });
  });
});

describe('biggestFirst', () => {
  it('orders by views, then by label, and drops zeros', () => {
    expect(
      biggestFirst(
        [
          { id: 2, views: 1 },
          { id: 1, views: 1 },
          { id: 3, views: 0 },
          { id: 4, views: 9 },
        ],
        (x) => x.id,
      ).map((x) => x.id),
    ).toEqual([4, 1, 2]);
  });
});

describe('assembleAudience', () => {
  it('has one point a minute on air, zeros where nobody watched, peak and viewer-minutes', () => {
    const audience = assembleAudience('2026-05-01T10:00:30Z', '2026-05-01T10:03:10Z', '2026-05-07T00:00:00Z', [
      { minute: '2026-05-01T10:00:00.000Z', viewers: 3, viewerSeconds: 90 },
      { minute: '2026-05-01T10:02:00.000Z', viewers: 5, viewerSeconds: 270 },
    ]);
    expect(audience).toEqual({
      peakViewers: 5,
      viewerMinutes: 6,
      series: [
        { t: '2026-05-01T10:00:00.000Z', viewers: 3 },
        { t: '2026-05-01T10:01:00.000Z', viewers: 0 },
        { t: '2026-05-01T10:02:00.000Z', viewers: 5 },
        { t: '2026-05-01T10:03:00.000Z', viewers: 0 },
      ],
    });
  });

  it('runs to now while on air', () => {
    expect(assembleAudience('2026-05-01T10:00:00Z', null, '2026-05-01T10:01:59Z', []).series).toHaveLength(2);
  });
});
