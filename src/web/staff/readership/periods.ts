import { bucketStart, DAY_MS, HOUR_MS } from '../../../domain/readership/analytics-range.ts';

/**
 * The periods the readership charts offer (docs/product/api-analytics.md has the ranges): the last
 * 24 hours by the hour, the last 7 and 30 days by the day. Days and hours are UTC, as the API's.
 */
export const PERIODS = [
  { key: '24h', label: '24 hours', interval: 'hour' },
  { key: '7d', label: '7 days', interval: 'day' },
  { key: '30d', label: '30 days', interval: 'day' },
] as const;

export type Period = (typeof PERIODS)[number];
export type PeriodKey = Period['key'];

export function periodOf(key: PeriodKey): Period {
  return PERIODS.find((period) => period.key === key)!;
}

/** The query string for a period ending now: the API fills in `to` (the end of this hour or day). */
export function periodQuery(key: PeriodKey, now: Date): string {
  const ms = now.getTime();
  if (key === '24h') return `interval=hour&from=${new Date(bucketStart(ms, 'hour') - 23 * HOUR_MS).toISOString()}`;
  if (key === '30d') return `interval=day&from=${new Date(bucketStart(ms, 'day') - 29 * DAY_MS).toISOString().slice(0, 10)}`;
  return 'interval=day';
}

/** "in the last 24 hours" / "in the last 7 days". */
export function periodPhrase(key: PeriodKey): string {
  return `in the last ${periodOf(key).label}`;
}
