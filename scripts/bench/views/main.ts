import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../lib/project.ts';
import { startDemoSite } from '../demo-site.ts';
import { loadTest } from '../load-test.ts';
import { adminToken, benchStories, roundTable, runRound, type RoundResult } from './view-bench.ts';

/**
 * `npm run bench:views`: builds the site (unless --no-build), serves it on workerd over
 * a fresh demo newsroom (127.0.0.1:BENCH_VIEWS_PORT, default 8875) with BENCH_VIEWS_STORIES more
 * published stories (default 40), and for each rate in BENCH_VIEWS_RATES (default 200,1000,2000
 * views/s offered) sends views for BENCH_VIEWS_SECONDS (default 10) from simulated readers with
 * varied referrers and user agents (some bots); then waits for the view counters' flush (the
 * production interval, VIEW_FLUSH_SECONDS in wrangler.toml, unless BENCH_VIEW_FLUSH_SECONDS) and
 * prints one table: views the server took per second, D1's reads and writes, and whether D1's
 * breakdowns add up to exactly the views answered as counted. `uptime` is printed beside it (the
 * machine is shared). Results also go to bench-results/views.json.
 */
const port = Number(process.env.BENCH_VIEWS_PORT ?? 8875);
const rates = (process.env.BENCH_VIEWS_RATES ?? '200,1000,2000').split(',').map(Number);
const seconds = Number(process.env.BENCH_VIEWS_SECONDS ?? 10);
const extraStories = Number(process.env.BENCH_VIEWS_STORIES ?? 40);
const flushSeconds = process.env.BENCH_VIEW_FLUSH_SECONDS;
const build = !process.argv.includes('--no-build');

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const site = await startDemoSite({
  port,
  build,
  stateName: 'bench-views',
  vars: flushSeconds ? { VIEW_FLUSH_SECONDS: flushSeconds } : undefined,
});
const results: (RoundResult & { uptime: string })[] = [];
try {
  const token = await adminToken(site);
  const storyIds = await benchStories(site, token, extraStories);
  console.log(
    `Views: ${site.baseUrl}, ${storyIds.length} published stories, ${seconds} s per rate, flush every ${flushSeconds ?? 'VIEW_FLUSH_SECONDS (wrangler.toml)'} s`,
  );
  for (const rate of rates) {
    const load = uptime();
    const result = await runRound(site, token, storyIds, rate, seconds);
    results.push({ ...result, uptime: load });
    console.log(
      `${rate}/s offered: took ${result.takenPerSecond.toFixed(0)}/s, D1 rows written ${result.d1RowsWritten}, breakdowns ${result.breakdownsMatch ? 'match' : 'DO NOT match'}   (${load})`,
    );
  }
  // The yardstick: what this server answers of a route that does nothing (GET /api/health), now.
  const trivial = await loadTest(`${site.baseUrl}/api/health`, { seconds: 5, connections: 50 });
  console.log(
    [
      '',
      `For scale: a trivial route (GET /api/health, autocannon, 50 connections, 5 s) on this server just after: ${trivial.requestsPerSecond.toFixed(0)} req/s, p99 ${trivial.p99Ms} ms  (${uptime()})`,
      'Views (POST /api/stories/{id}/view as the beacon sends it). counted = answered 200 to a non-bot reader; bots are answered and not counted.',
      'taken/s = views answered (counted and bots) / seconds from the first view sent to the last answer; p50/p99 over counted views. D1 reads: one row read per view answered (is the story published?), so as many per second as taken/s.',
      "D1 stmts / rows = D1's own count of what the view counters' flush batches wrote (rows_written, index entries included); the view route writes no D1 row.",
      'breakdowns = counted: the site figures gained exactly the views answered as counted, in total, in the series, per source and per device.',
      roundTable(results),
      '',
      ...results.map((r) => `${r.offeredPerSecond}/s: ${r.uptime}`),
      '',
    ].join('\n'),
  );
  await mkdir(path.join(projectRoot, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(projectRoot, 'bench-results', 'views.json'),
    `${JSON.stringify({ at: new Date().toISOString(), seconds, stories: storyIds.length, trivialRequestsPerSecond: trivial.requestsPerSecond, results }, null, 2)}\n`,
  );
} finally {
  await site.stop();
}
