import type { ViewCounterStats } from '../../../src/domain/readership/readership.ts';
import { executeLocalSql } from '../../lib/local-platform.ts';
import type { DemoSite } from '../demo-site.ts';
import { offerViews, type Tally, type ViewLoadResult } from './readers.ts';

/**
 * One round of `npm run bench:views`: readers offer views at a rate for some seconds; then the
 * round waits for the view counters' flush and compares what D1's figures gained with what the
 * readers were answered. D1's writes are D1's own count (`rows_written` of every flush batch, which
 * the counters add up: GET /api/analytics/counters); the view route itself writes nothing to D1
 * (tests/api/readership.test.ts, "no D1 write per view") and reads one row per view.
 */

interface SiteFigures {
  total: number;
  sources: { source: string; views: number }[];
  devices: { device: string; views: number }[];
  referrers: { host: string; views: number }[];
  series: { t: string; views: number }[];
}

export interface RoundResult {
  offeredPerSecond: number;
  seconds: number;
  load: Omit<ViewLoadResult, 'byStory'>;
  /** Views answered (counted, and bots answered without counting) per second, from the first sent to the last answered. */
  takenPerSecond: number;
  flushes: number;
  d1Statements: number;
  d1RowsWritten: number;
  /** D1 rows written per second of offered load, and per 1,000 views counted. */
  d1RowsPerSecond: number;
  d1RowsPer1000Views: number;
  /** Seconds from the last answer until every counted view was in D1. */
  flushLagSeconds: number;
  /** What D1's figures gained, per breakdown. */
  gained: Tally & { series: number };
  /** Stories whose exact count after the round is not their count before plus the views answered. */
  storiesOff: number;
  breakdownsMatch: boolean;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** An admin's token for the demo site: the first demo reporter, promoted (the demo seeds no admin). */
export async function adminToken(site: DemoSite): Promise<string> {
  const reporter = site.newsroom.reporters[0]!;
  await executeLocalSql(`UPDATE users SET role = 'admin' WHERE id = ${reporter.id}`, site.stateDir);
  const res = await fetch(`${site.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: reporter.username, password: site.newsroom.password }),
  });
  if (!res.ok) throw new Error(`signing in as ${reporter.username}: HTTP ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** Published stories to read: the demo's and `extra` more, so every counter shard has some. */
export async function benchStories(site: DemoSite, token: string, extra: number): Promise<number[]> {
  const ids = site.newsroom.stories.filter((story) => story.status === 'published').map((story) => story.id);
  for (let i = 0; i < extra; i++) {
    const res = await fetch(`${site.baseUrl}/api/stories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `Bench story ${i + 1}: readers arrive`,
        description: 'Read by the view benchmark',
        content: '<p>Read me.</p>',
        status: 'published',
        isFeatured: false,
      }),
    });
    if (res.status !== 201) throw new Error(`creating a bench story: HTTP ${res.status}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const byKey = <K extends string>(list: { views: number }[], key: (item: never) => K) =>
  Object.fromEntries(list.map((item) => [key(item as never), item.views])) as Record<K, number>;

/** Each story's exact count, as signed in (an anonymous read may come from the edge cache, up to a minute old). */
async function storyViews(baseUrl: string, token: string, ids: readonly number[]): Promise<Map<number, number>> {
  const views = new Map<number, number>();
  for (const id of ids) views.set(id, (await getJson<{ views: number }>(`${baseUrl}/api/stories/${id}`, token)).views);
  return views;
}

export async function runRound(
  site: DemoSite,
  token: string,
  storyIds: readonly number[],
  ratePerSecond: number,
  seconds: number,
): Promise<RoundResult> {
  const counters = () => getJson<ViewCounterStats>(`${site.baseUrl}/api/analytics/counters`, token);
  const day = dayOf(Date.now());
  const figures = () => getJson<SiteFigures>(`${site.baseUrl}/api/analytics/site?from=${day}&to=${dayOf(Date.now() + 120_000)}`, token);
  const before = { counters: await counters(), figures: await figures(), views: await storyViews(site.baseUrl, token, storyIds) };

  const load = await offerViews({ baseUrl: site.baseUrl, storyIds, ratePerSecond, seconds });
  const answeredAt = Date.now();
  let after = await counters();
  while (after.viewsPending > 0 || after.viewsFlushed - before.counters.viewsFlushed < load.counted.views) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    after = await counters();
  }
  const flushLagSeconds = (Date.now() - answeredAt) / 1000;
  const gainedFigures = await figures();
  const viewsAfter = await storyViews(site.baseUrl, token, storyIds);

  const diff = (now: Record<string, number>, then: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(now)
        .map(([key, n]) => [key, n - (then[key] ?? 0)])
        .filter(([, n]) => n !== 0),
    );
  const gained = {
    views: gainedFigures.total - before.figures.total,
    series: gainedFigures.series.reduce((s, p) => s + p.views, 0) - before.figures.series.reduce((s, p) => s + p.views, 0),
    bySource: diff(
      byKey(gainedFigures.sources, (s: { source: string }) => s.source),
      byKey(before.figures.sources, (s: { source: string }) => s.source),
    ),
    byDevice: diff(
      byKey(gainedFigures.devices, (d: { device: string }) => d.device),
      byKey(before.figures.devices, (d: { device: string }) => d.device),
    ),
  };
  const same = (a: Record<string, number | undefined>, b: Record<string, number | undefined>) =>
    JSON.stringify(
      Object.entries(a)
        .filter(([, n]) => n)
        .sort(),
    ) ===
    JSON.stringify(
      Object.entries(b)
        .filter(([, n]) => n)
        .sort(),
    );
  let storiesOff = 0;
  for (const id of storyIds) {
    const answered = load.byStory.get(id) ?? { counted: 0, highest: 0 };
    const now = viewsAfter.get(id)!;
    if (now !== before.views.get(id)! + answered.counted || answered.highest > now) storiesOff += 1;
  }
  const { byStory: _byStory, ...loadFigures } = load;
  const rows = after.d1RowsWritten - before.counters.d1RowsWritten;
  return {
    offeredPerSecond: ratePerSecond,
    seconds,
    load: loadFigures,
    takenPerSecond: (load.counted.views + load.botAnswers) / load.elapsedSeconds,
    flushes: after.flushes - before.counters.flushes,
    d1Statements: after.d1Statements - before.counters.d1Statements,
    d1RowsWritten: rows,
    d1RowsPerSecond: rows / seconds,
    d1RowsPer1000Views: load.counted.views === 0 ? 0 : (rows * 1000) / load.counted.views,
    flushLagSeconds,
    gained,
    storiesOff,
    breakdownsMatch:
      gained.views === load.counted.views &&
      gained.series === load.counted.views &&
      same(gained.bySource, load.counted.bySource) &&
      same(gained.byDevice, load.counted.byDevice),
  };
}

export function roundTable(results: RoundResult[]): string {
  const head = [
    'offered/s',
    'views sent',
    'counted',
    'bots',
    'errors',
    'taken/s',
    'p50 ms',
    'p99 ms',
    'flushes',
    'D1 stmts',
    'D1 rows',
    'D1 rows/s',
    'rows/1k views',
    'flush lag s',
    'breakdowns = counted',
    'stories exact',
  ];
  const rows = results.map((r) => [
    r.offeredPerSecond,
    r.load.offered,
    r.load.counted.views,
    r.load.botAnswers,
    r.load.errors,
    r.takenPerSecond.toFixed(0),
    r.load.p50Ms.toFixed(0),
    r.load.p99Ms.toFixed(0),
    r.flushes,
    r.d1Statements,
    r.d1RowsWritten,
    r.d1RowsPerSecond.toFixed(1),
    r.d1RowsPer1000Views.toFixed(1),
    r.flushLagSeconds.toFixed(1),
    r.breakdownsMatch ? 'yes' : `NO (${JSON.stringify(r.gained)})`,
    r.storiesOff === 0 ? 'yes' : `NO (${r.storiesOff} off)`,
  ]);
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}
