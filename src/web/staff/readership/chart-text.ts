import { compactNumber } from '../../../domain/formatting.ts';
import { countOf } from '../../../domain/plural.ts';

/** Words and labels for the readership charts: the text alternative a screen reader gets. */

export type Bucket = 'hour' | 'day' | 'minute';

export interface Point {
  t: string;
  value: number;
}

const formats: Record<Bucket, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  day: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }),
  minute: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
};

const ticks: Record<Bucket, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  day: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }),
  minute: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
};

/** A chart axis's label for an instant: "14:00" on hours and minutes, "May 5" on days (UTC). */
export function tickLabel(ms: number, bucket: Bucket): string {
  return ticks[bucket].format(new Date(ms));
}

/** A bucket's start as people read it, in UTC (the figures' buckets are UTC hours and days). */
export function bucketLabel(t: string, bucket: Bucket): string {
  return formats[bucket].format(new Date(t));
}

/** "1 view", "1.2K views": the count in the compact form and its noun (Intl.PluralRules, domain/plural.ts). */
export function plural(n: number, unit: string): string {
  return countOf(n, unit, undefined, compactNumber);
}

/** "1.2K views in the last 7 days. Most: Tue, May 5 (456)." */
export function chartSummary(points: readonly Point[], unit: string, bucket: Bucket, span: string): string {
  const total = points.reduce((sum, point) => sum + point.value, 0);
  if (total === 0) return `No ${unit}s ${span}.`;
  const busiest = points.reduce((best, point) => (point.value > best.value ? point : best), points[0]!);
  return `${plural(total, unit)} ${span}. Most: ${bucketLabel(busiest.t, bucket)} UTC (${compactNumber(busiest.value)}).`;
}

/** "A peak of 44 viewers at 19:32 UTC; 106 minutes watched in 6 minutes on air." */
export function audienceSummary(audience: {
  peakViewers: number;
  viewerMinutes: number;
  series: readonly { t: string; viewers: number }[];
}): string {
  const peak = audience.series.find((point) => point.viewers === audience.peakViewers);
  const at = peak && audience.peakViewers > 0 ? ` at ${bucketLabel(peak.t, 'minute')} UTC` : '';
  return `A peak of ${plural(audience.peakViewers, 'viewer')}${at}; ${plural(audience.viewerMinutes, 'minute')} watched in ${plural(audience.series.length, 'minute')} on air.`;
}
