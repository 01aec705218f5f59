import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDemoSite } from './bench/demo-site.ts';
import { lighthouse, type LighthouseScores } from './bench/lighthouse.ts';
import { loadTestInTurns, type LoadResult } from './bench/load-test.ts';
import { measurePageWeight, type PageWeight } from './bench/page-weight.ts';
import { launchChromium } from './lib/chromium.ts';
import { projectRoot as root } from './lib/project.ts';
import { run } from './lib/run.ts';

/**
 * `npm run bench`: builds the site, serves it on workerd (127.0.0.1:BENCH_PORT, default 8811)
 * over a fresh demo newsroom (the one `npm start` seeds, in .wrangler/bench), and prints one table: for each reader route and a trivial route,
 * requests per second, p50 and p99 latency and errors under load (autocannon, in BENCH_ROUNDS
 * turns of BENCH_SECONDS per route, default 5 x 3 s) and the ratio to the trivial route; the gzip weight of the JavaScript and CSS
 * that / and a story page load; Lighthouse mobile scores for both (median of LIGHTHOUSE_RUNS,
 * default 3). The numbers also go to bench-results/latest.json. Then the search benchmark
 * (scripts/bench/search-bench.ts: 50,000 stories, five queries, bench-results/search.json;
 * BENCH_SEARCH=0 skips it), then the upload benchmark
 * (scripts/bench-upload.ts: a 200 MB video through the resumable routes into local R2, its
 * throughput and workerd's peak memory) on the same build; BENCH_UPLOAD=0 skips it. Then the live
 * benchmark (scripts/bench/live/main.ts: one stream to 100, 1,000 and 2,000 viewers); BENCH_LIVE=0 skips it.
 */
const port = Number(process.env.BENCH_PORT ?? 8811);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The budgets. */
const BUDGET = { jsGzipBytes: 120_000, performance: 95, otherScores: 100, cachedReadRatio: 0.8 };

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const pad = (text: string | number, width: number) => String(text).padStart(width);
const padEnd = (text: string, width: number) => text.padEnd(width);

function loadTable(results: { label: string; result: LoadResult }[], trivial: LoadResult): string[] {
  const width = Math.max(...results.map((row) => row.label.length));
  const lines = [`${padEnd('route', width)}  ${pad('req/s', 8)}  ${pad('p50 ms', 7)}  ${pad('p99 ms', 7)}  ${pad('errors', 6)}  ${pad('vs trivial', 10)}`];
  for (const { label, result } of results) {
    lines.push(
      `${padEnd(label, width)}  ${pad(result.requestsPerSecond.toFixed(0), 8)}  ${pad(result.p50Ms, 7)}  ${pad(result.p99Ms, 7)}  ${pad(result.errors, 6)}  ${pad((result.requestsPerSecond / trivial.requestsPerSecond).toFixed(2), 10)}`,
    );
  }
  return lines;
}

function weightLine(label: string, weight: PageWeight): string {
  const verdict = weight.jsGzipBytes <= BUDGET.jsGzipBytes ? 'within' : 'OVER';
  return `${padEnd(label, 14)}  JS ${pad(kb(weight.jsGzipBytes), 9)} in ${weight.files.filter((f) => f.kind === 'js').length} files (${verdict} the ${kb(BUDGET.jsGzipBytes)} budget), of which ${kb(weight.jsRunAtLoadGzipBytes)} runs before the reader interacts   CSS ${pad(kb(weight.cssGzipBytes), 8)}`;
}

function lighthouseLine(label: string, scores: LighthouseScores): string {
  const m = scores.metrics;
  return `${padEnd(label, 14)}  performance ${pad(scores.performance, 3)} (runs ${scores.performanceRuns.join('/')})  accessibility ${pad(scores.accessibility, 3)}  best practices ${pad(scores.bestPractices, 3)}  SEO ${pad(scores.seo, 3)}   FCP ${m.fcpMs} ms  LCP ${m.lcpMs} ms  TBT ${m.tbtMs} ms  CLS ${m.cls.toFixed(3)}  SI ${m.speedIndexMs} ms`;
}

const site = await startDemoSite({ port, stateName: 'bench' });
try {
  const { sampleStory } = site.newsroom;
  const base = site.baseUrl;
  const storyPage = `/story/${sampleStory.slug}`;

  console.log(`Serving ${base}; measuring page weight and Lighthouse (${lighthouseRuns} runs per page)...`);
  const browser = await launchChromium();
  const clientDir = path.join(root, 'dist', 'client');
  const weights = { home: await measurePageWeight(browser, `${base}/`, clientDir), story: await measurePageWeight(browser, `${base}${storyPage}`, clientDir) };
  await browser.close();
  const scores = { home: await lighthouse(`${base}/`, lighthouseRuns), story: await lighthouse(`${base}${storyPage}`, lighthouseRuns) };
  console.log([lighthouseLine('/', scores.home), lighthouseLine('story page', scores.story)].join('\n'));

  const routes = [
    { label: 'GET /api/health (trivial)', path: '/api/health' },
    { label: 'GET /', path: '/' },
    { label: `GET ${storyPage}`, path: storyPage },
    { label: 'GET /api/stories?status=published&limit=6', path: '/api/stories?status=published&limit=6' },
    { label: 'GET /api/stories/featured', path: '/api/stories/featured' },
    { label: `GET /api/stories/slug/${sampleStory.slug}`, path: `/api/stories/slug/${sampleStory.slug}` },
  ];
  console.log(`Load: ${rounds} turns of ${seconds} s per route, 10 connections, on 127.0.0.1...`);
  // One read first, so the edge cache holds the answer the load then asks for.
  for (const route of routes) await fetch(`${base}${route.path}`).then((res) => res.arrayBuffer());
  const results = await loadTestInTurns(routes.map((route) => `${base}${route.path}`), { seconds, rounds });
  const load = routes.map((route, index) => ({ label: route.label, result: results[index]! }));
  const trivial = load[0]!.result;
  const cachedApi = load.slice(3);
  const weakest = Math.min(...cachedApi.map(({ result }) => result.requestsPerSecond / trivial.requestsPerSecond));

  const lines = [
    '',
    'Under load (requests per second, latency, errors; ratio to the trivial route in the same run)',
    ...loadTable(load, trivial),
    `cached public API reads: at least ${weakest.toFixed(2)} of the trivial route (budget ${BUDGET.cachedReadRatio})`,
    '',
    'What a first visit downloads (gzip), the app it starts on the first click included',
    weightLine('/', weights.home),
    weightLine('story page', weights.story),
    '',
    'Lighthouse, mobile (median run)',
    lighthouseLine('/', scores.home),
    lighthouseLine('story page', scores.story),
    '',
  ];
  console.log(lines.join('\n'));

  await mkdir(path.join(root, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(root, 'bench-results', 'latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), base, storyPage, seconds, rounds, load, weights, lighthouse: scores }, null, 2)}\n`,
  );
} finally {
  await site.stop();
}

/** The further benchmarks run on the same build, each in a process of its own; one that fails fails the run, not the rest. */
async function runOnThisBuild(script: string, env: Record<string, string> = {}): Promise<void> {
  try {
    await run(process.execPath, ['--import', 'tsx', script, '--no-build'], { echo: true, env });
  } catch {
    process.exitCode = 1;
  }
}

// Search at a real archive's size (BENCH_SEARCH=0 skips it).
if (process.env.BENCH_SEARCH !== '0') {
  console.log(`Search over an archive of ${process.env.ARCHIVE_STORIES ?? '50,000'} stories (cached and first reads, the index's size)`);
  await runOnThisBuild('scripts/bench-search.ts', { BENCH_SEARCH_PORT: process.env.BENCH_SEARCH_PORT ?? String(port + 1), BENCH_ROUNDS: String(Math.min(rounds, 3)) });
}

if (process.env.BENCH_UPLOAD !== '0') {
  console.log('Uploads into local R2 (throughput and workerd peak memory)');
  await runOnThisBuild('scripts/bench-upload.ts');
}

if (process.env.BENCH_LIVE !== '0') {
  console.log('Live streams to 100, 1,000 and 2,000 viewers (join time, every byte, chunk delay, the object\'s work per chunk)');
  await runOnThisBuild('scripts/bench/live/main.ts');
}
