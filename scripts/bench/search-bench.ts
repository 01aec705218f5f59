import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { executeLocalSqlFile, freshState, localSqlNumber } from '../lib/local-platform.ts';
import { projectRoot } from '../lib/project.ts';
import { serveBuild } from '../lib/serve-build.ts';
import { loadTestInTurns, type LoadResult } from './load-test.ts';
import { archiveInserts, SEARCH_BENCH_QUERIES } from './search-archive.ts';

/**
 * The search benchmark (docs/decisions/035): ARCHIVE_STORIES (default 50,000) generated published
 * stories in a state directory of their own, seeded in batches through `wrangler d1 execute
 * --file` over the real schema (the triggers index every row as it goes in); then, for each of
 * five queries, GET /api/search under load (as readers meet it: through the edge cache) and
 * sequential first reads that miss the cache (each URL new); and the database's size with and
 * without the search index.
 */
export const ARCHIVE_STORIES = Number(process.env.ARCHIVE_STORIES ?? 50_000);
/** Stories per `wrangler d1 execute --file` run. */
const STORIES_PER_FILE = 5_000;
/** Cache misses timed per query. */
const MISSES = Number(process.env.SEARCH_MISSES ?? 40);
export const SEARCH_BUDGET = { p99Ms: 100, requestsPerSecond: 200 };

export interface SearchBenchRow {
  label: string;
  q: string;
  total: number;
  cached: LoadResult;
  miss: { p50Ms: number; p99Ms: number; requestsPerSecond: number };
}

export interface SearchBenchResult {
  stories: number;
  seedSeconds: number;
  databaseBytes: number;
  indexBytes: number;
  bodyTextBytes: number;
  rows: SearchBenchRow[];
}

async function seedArchive(stateDir: string): Promise<void> {
  const at = new Date().toISOString();
  await executeLocalSqlFile(
    `INSERT INTO users (id, username, email, password_hash, role, first_name, last_name, created_at) VALUES
      (1, 'archive-one', 'one@archive.test', 'not-a-hash', 'reporter', 'Ada', 'Archive', '${at}'),
      (2, 'archive-two', 'two@archive.test', 'not-a-hash', 'reporter', 'Ben', 'Backfile', '${at}');
     INSERT INTO beats (id, name, slug, created_at) VALUES (1, 'Local News', 'local-news', '${at}'), (2, 'Politics', 'politics', '${at}'), (3, 'Investigations', 'investigations', '${at}');`,
    stateDir,
  );
  let batch: string[] = [];
  let inBatch = 0;
  let written = 0;
  for (const statement of archiveInserts({ count: ARCHIVE_STORIES, authorIds: [1, 2], beatIds: [1, 2, 3], newest: new Date() })) {
    batch.push(statement);
    inBatch += (statement.match(/\n\(/g) ?? []).length + 1;
    if (inBatch >= STORIES_PER_FILE) {
      await executeLocalSqlFile(batch.join(''), stateDir);
      written += inBatch;
      process.stdout.write(`  ${written} stories\r`);
      batch = [];
      inBatch = 0;
    }
  }
  if (batch.length > 0) await executeLocalSqlFile(batch.join(''), stateDir);
}

async function databaseBytes(stateDir: string): Promise<number> {
  const dir = path.join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = (await readdir(dir)).filter((name) => !name.startsWith('metadata') && /\.sqlite(-wal)?$/.test(name));
  const sizes = await Promise.all(files.map(async (name) => (await stat(path.join(dir, name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Sequential first reads: every URL differs (an ignored parameter), so each one misses the edge cache and runs the query. */
async function missLatency(base: string, q: string): Promise<SearchBenchRow['miss']> {
  const times: number[] = [];
  for (let n = 0; n < MISSES; n++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}&miss=${Date.now()}-${n}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`search for ${q} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return { p50Ms: Math.round(percentile(sorted, 50)), p99Ms: Math.round(percentile(sorted, 99)), requestsPerSecond: 1000 / mean };
}

export async function searchBench({
  port,
  seconds,
  rounds,
}: {
  port: number;
  seconds: number;
  rounds: number;
}): Promise<SearchBenchResult> {
  const stateDir = path.join(projectRoot, '.wrangler', 'bench-search');
  console.log(`Search: seeding ${ARCHIVE_STORIES} stories into ${path.relative(projectRoot, stateDir)}...`);
  const seedStarted = performance.now();
  // BENCH_SEARCH_REUSE=1 measures the archive a previous run seeded (the seeding is the slow part).
  if (process.env.BENCH_SEARCH_REUSE !== '1') {
    await freshState(stateDir);
    await seedArchive(stateDir);
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  // One at a time: two wrangler processes on one local database find it locked.
  const indexBytes = await localSqlNumber(
    'SELECT (SELECT coalesce(sum(length(block)), 0) FROM story_search_data) + (SELECT coalesce(sum(length(sz)), 0) FROM story_search_docsize) + (SELECT count(*) * 16 FROM story_search_idx) AS n',
    stateDir,
  );
  const bodyTextBytes = await localSqlNumber('SELECT sum(length(body_text)) AS n FROM stories', stateDir);
  const stories = await localSqlNumber("SELECT count(*) AS n FROM stories WHERE status = 'published'", stateDir);
  const dbBytes = await databaseBytes(stateDir);

  const site = await serveBuild({ port, stateDir });
  try {
    const rows: SearchBenchRow[] = [];
    const urls = SEARCH_BENCH_QUERIES.map(({ q }) => `${site.baseUrl}/api/search?q=${encodeURIComponent(q)}`);
    const totals: number[] = [];
    for (const url of urls) totals.push(((await (await fetch(url)).json()) as { total: number }).total);
    const misses: SearchBenchRow['miss'][] = [];
    for (const { q } of SEARCH_BENCH_QUERIES) misses.push(await missLatency(site.baseUrl, q));
    const cached = await loadTestInTurns(urls, { seconds, rounds });
    SEARCH_BENCH_QUERIES.forEach(({ label, q }, index) =>
      rows.push({ label, q, total: totals[index]!, cached: cached[index]!, miss: misses[index]! }),
    );
    return { stories, seedSeconds, databaseBytes: dbBytes, indexBytes, bodyTextBytes, rows };
  } finally {
    await site.stop();
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export function searchBenchTable(result: SearchBenchResult): string[] {
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const verdict = (rps: number, p99: number) => (rps >= SEARCH_BUDGET.requestsPerSecond && p99 <= SEARCH_BUDGET.p99Ms ? 'within' : 'OVER');
  const lines = [
    `Search over ${result.stories} published stories (seeded in ${result.seedSeconds.toFixed(0)} s); budget per query: p99 <= ${SEARCH_BUDGET.p99Ms} ms and >= ${SEARCH_BUDGET.requestsPerSecond} req/s`,
    `${'query'.padEnd(28)}  ${pad('hits', 6)}  ${pad('req/s', 7)}  ${pad('p50 ms', 6)}  ${pad('p99 ms', 6)}  ${pad('errors', 6)}  ${'budget'.padEnd(6)}  | first read (cache miss): ${pad('req/s', 6)} ${pad('p50', 5)} ${pad('p99', 5)}`,
  ];
  for (const row of result.rows) {
    const { cached, miss } = row;
    lines.push(
      `${`${row.label} "${row.q}"`.padEnd(28)}  ${pad(row.total, 6)}  ${pad(cached.requestsPerSecond.toFixed(0), 7)}  ${pad(cached.p50Ms, 6)}  ${pad(cached.p99Ms, 6)}  ${pad(cached.errors, 6)}  ${verdict(cached.requestsPerSecond, cached.p99Ms).padEnd(6)}  |                          ${pad(miss.requestsPerSecond.toFixed(0), 6)} ${pad(miss.p50Ms, 5)} ${pad(miss.p99Ms, 5)}`,
    );
  }
  lines.push(
    `database files ${mb(result.databaseBytes)} (with the write-ahead log the seeding left); the search adds ${mb(result.indexBytes + result.bodyTextBytes)} of it: the FTS5 index ${mb(result.indexBytes)} and the plain-text body column it reads ${mb(result.bodyTextBytes)}; without them ${mb(result.databaseBytes - result.indexBytes - result.bodyTextBytes)}`,
  );
  return lines;
}
