import { ValidationError } from '../errors.ts';

/**
 * The time range of an analytics report (docs/product/api-analytics.md "Ranges"): `from` and `to`
 * are ISO dates (whole UTC days: `to` includes its day) or ISO date-times (instants; `to` is the
 * end, not included). The report has every `interval` bucket that overlaps [from, to), oldest first.
 * Without `from`, the last 7 days: seven days up to and including the day `to` falls in, or, by
 * the hour, the 168 hours up to and including `to`'s hour; without `to`, up to the end of the
 * day (or hour) it is now.
 */

export const INTERVALS = ['hour', 'day'] as const;
export type Interval = (typeof INTERVALS)[number];

export const MAX_RANGE_DAYS = 366;
export const MAX_HOURLY_DAYS = 14;
export const DEFAULT_RANGE_DAYS = 7;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface RangeQuery {
  from?: string;
  to?: string;
  interval?: Interval;
}

export interface AnalyticsRange {
  interval: Interval;
  /** The first bucket's start and the last bucket's end (not included), ISO-8601. */
  start: string;
  end: string;
  /** Each bucket's start, ISO-8601, oldest first. */
  buckets: string[];
}

export type RangeOutcome = { ok: true; range: AnalyticsRange } | { ok: false; field: 'from' | 'to' | 'interval'; message: string };

export const rangeMessages = {
  instant: 'Use an ISO date (2026-05-01) or date and time (2026-05-01T14:00:00Z)',
  order: 'to must be after from',
  tooLong: `A range is at most ${MAX_RANGE_DAYS} days`,
  hourlyTooLong: `interval=hour is for ranges of at most ${MAX_HOURLY_DAYS} days; use interval=day`,
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and time with seconds optional, fractions optional, and a zone (Z or an offset). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar date: 2026-02-30 is not one, though Date.parse would roll it over. */
function dateOnlyMs(text: string): number | null {
  const match = DATE_ONLY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? ms : null;
}

export function isRangeInstant(text: string): boolean {
  if (DATE_ONLY.test(text)) return dateOnlyMs(text) !== null;
  return DATE_TIME.test(text) && Number.isFinite(Date.parse(text)) && dateOnlyMs(text.slice(0, 10)) !== null;
}

/** A date names its whole day: as `from`, its first instant; as `to`, the next day's first (the range's end). */
function instantMs(text: string, edge: 'from' | 'to'): number {
  const day = dateOnlyMs(text);
  if (day !== null) return edge === 'from' ? day : day + DAY_MS;
  return Date.parse(text);
}

export function bucketMs(interval: Interval): number {
  return interval === 'hour' ? HOUR_MS : DAY_MS;
}

/** The start of the bucket holding `ms`. */
export function bucketStart(ms: number, interval: Interval): number {
  const size = bucketMs(interval);
  return Math.floor(ms / size) * size;
}

export function resolveRange(query: RangeQuery, now: string): RangeOutcome {
  const interval = query.interval ?? 'day';
  const size = bucketMs(interval);
  if (query.from !== undefined && !isRangeInstant(query.from)) return { ok: false, field: 'from', message: rangeMessages.instant };
  if (query.to !== undefined && !isRangeInstant(query.to)) return { ok: false, field: 'to', message: rangeMessages.instant };
  // Without `to`, up to the end of the bucket now falls in.
  const end = query.to === undefined ? bucketStart(Date.parse(now), interval) + size : instantMs(query.to, 'to');
  // The default: the bucket `end` falls in and those before it, seven days' worth.
  const start =
    query.from === undefined ? bucketStart(end - 1, interval) + size - DEFAULT_RANGE_DAYS * DAY_MS : instantMs(query.from, 'from');
  if (end <= start) return { ok: false, field: 'to', message: rangeMessages.order };
  if (end - start > MAX_RANGE_DAYS * DAY_MS) return { ok: false, field: 'from', message: rangeMessages.tooLong };
  if (interval === 'hour' && end - start > MAX_HOURLY_DAYS * DAY_MS)
    return { ok: false, field: 'interval', message: rangeMessages.hourlyTooLong };
  const first = bucketStart(start, interval);
  const last = bucketStart(end - 1, interval);
  const buckets: string[] = [];
  for (let t = first; t <= last; t += size) buckets.push(new Date(t).toISOString());
  return { ok: true, range: { interval, start: new Date(first).toISOString(), end: new Date(last + size).toISOString(), buckets } };
}

/** The UTC hour an instant falls in, as the views' hours are kept. */
export function hourOf(iso: string): string {
  return new Date(bucketStart(Date.parse(iso), 'hour')).toISOString();
}

/** The report's range, or 400 naming the field that is wrong. */
export function rangeOrThrow(query: RangeQuery, now: string): AnalyticsRange {
  const outcome = resolveRange(query, now);
  if (!outcome.ok) throw new ValidationError({ [outcome.field]: outcome.message });
  return outcome.range;
}
