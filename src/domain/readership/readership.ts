import type { AnalyticsRange } from './analytics-range.ts';

/** Readership analytics (docs/product/api-analytics.md): what is recorded of a counted view, and the reports. */

export const VIEW_SOURCES = ['search', 'social', 'news', 'email', 'direct', 'other'] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop', 'bot'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
/** Bots are not views, so a counted view's device is never `bot`. */
export type ReaderDevice = Exclude<DeviceClass, 'bot'>;

/** One counted view as it is kept: no reader, no address, no user agent. */
export interface CountedView {
  storyId: number;
  /** The UTC hour's start, ISO-8601. */
  hour: string;
  source: ViewSource;
  /** Null for no referrer, or the site itself. */
  referrerHost: string | null;
  device: ReaderDevice;
}

/** What the view counters have done since they began (GET /api/analytics/counters): D1's own count of what their flushes wrote. */
export interface ViewCounterStats {
  shards: number;
  flushes: number;
  viewsFlushed: number;
  d1Statements: number;
  d1RowsWritten: number;
  /** Views counted and not yet in D1. */
  viewsPending: number;
  /** Breakdown rows D1 refused, set aside so the rest of their flush landed (decision 070). */
  rowsSetAside: number;
}

export interface SeriesPoint {
  t: string;
  views: number;
}

export interface ReadershipReport {
  total: number;
  series: SeriesPoint[];
  sources: { source: ViewSource; views: number }[];
  referrers: { host: string; views: number }[];
  devices: { device: ReaderDevice; views: number }[];
}

export interface TopStory {
  id: number;
  slug: string;
  title: string;
  views: number;
}

export interface BeatViews {
  id: number;
  name: string;
  views: number;
}

export interface ReporterReadership extends ReadershipReport {
  topStories: TopStory[];
}

export interface SiteReadership extends ReporterReadership {
  beats: BeatViews[];
}

export const MAX_REFERRERS = 20;
export const MAX_TOP_STORIES = 10;

/** Views added up per bucket (its start, as the range names it) and per value of each breakdown, as the store answers. */
export type ReadershipRows = Omit<ReadershipReport, 'total'>;

/** Biggest first; equal counts in the order of `label`, so the answer never depends on the store's whims. */
export function biggestFirst<T extends { views: number }>(items: readonly T[], label: (item: T) => string | number): T[] {
  return [...items].filter((item) => item.views > 0).sort((a, b) => b.views - a.views || compareLabels(label(a), label(b)));
}

function compareLabels(a: string | number, b: string | number): number {
  // Plain code-unit order, as SQLite's ORDER BY sorts the same lists.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every bucket of the range, oldest first, zeros included. */
export function zeroFilledSeries(range: AnalyticsRange, rows: readonly { t: string; views: number }[]): SeriesPoint[] {
  const counted = new Map<string, number>();
  for (const row of rows) counted.set(row.t, (counted.get(row.t) ?? 0) + row.views);
  return range.buckets.map((t) => ({ t, views: counted.get(t) ?? 0 }));
}

export function assembleReport(range: AnalyticsRange, rows: ReadershipRows): ReadershipReport {
  const series = zeroFilledSeries(range, rows.series);
  return {
    total: series.reduce((sum, point) => sum + point.views, 0),
    series,
    sources: biggestFirst(rows.sources, (row) => row.source),
    referrers: biggestFirst(rows.referrers, (row) => row.host).slice(0, MAX_REFERRERS),
    devices: biggestFirst(rows.devices, (row) => row.device),
  };
}

/** A live stream's audience (GET /api/analytics/streams/{id}). */
export interface StreamAudience {
  peakViewers: number;
  viewerMinutes: number;
  series: { t: string; viewers: number }[];
}

/** A live stream as a story's readership lists it (GET /api/analytics/stories/{id}/streams). */
export interface StoryStream {
  id: number;
  isActive: boolean;
  startedAt: string | null;
  endedAt: string | null;
}

/** One minute of a stream on air: the most viewers at once in it, and viewer-seconds watched in it. */
export interface AudienceMinute {
  minute: string;
  viewers: number;
  viewerSeconds: number;
}

/** The most minutes a stream's audience lists (seven days on air); a longer stream shows its last week. */
export const MAX_AUDIENCE_MINUTES = 7 * 24 * 60;

const MINUTE_MS = 60_000;

/** One point a minute from the minute the stream started to the one it ended in (or `now`, while on air). */
export function assembleAudience(
  startedAt: string,
  endedAt: string | null,
  now: string,
  minutes: readonly AudienceMinute[],
): StreamAudience {
  const first = Math.floor(Date.parse(startedAt) / MINUTE_MS);
  // The minute the stream ended in; one that begins at the very end was not on air.
  const last = Math.max(first, Math.floor((Date.parse(endedAt ?? now) - 1) / MINUTE_MS));
  const from = Math.max(first, last - MAX_AUDIENCE_MINUTES + 1);
  const byMinute = new Map(minutes.map((row) => [Math.floor(Date.parse(row.minute) / MINUTE_MS), row]));
  const series: StreamAudience['series'] = [];
  let viewerSeconds = 0;
  let peakViewers = 0;
  for (let minute = from; minute <= last; minute++) {
    const row = byMinute.get(minute);
    series.push({ t: new Date(minute * MINUTE_MS).toISOString(), viewers: row?.viewers ?? 0 });
  }
  for (const row of minutes) {
    viewerSeconds += row.viewerSeconds;
    peakViewers = Math.max(peakViewers, row.viewers);
  }
  return { peakViewers, viewerMinutes: Math.round(viewerSeconds / 60), series };
}
