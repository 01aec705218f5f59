import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startBareWorker } from './bench/bare-worker.ts';
import { startDemoSite } from './bench/demo-site.ts';
import { lighthouse, type LighthouseScores } from './bench/lighthouse.ts';
import { loadTestInTurns, type LoadResult } from './bench/load-test.ts';
import { measurePageWeight, type PageWeight } from './bench/page-weight.ts';
import { measurePictureBytes, type PictureBytes } from './bench/picture-bytes.ts';
import { launchChromium } from './lib/chromium.ts';
import { projectRoot as root } from './lib/project.ts';
import { run } from './lib/run.ts';

/**
 * `npm run bench`: builds the site, serves it on workerd (127.0.0.1:BENCH_PORT, default 8811)
 * over a fresh demo newsroom (the one `npm start` seeds, in .wrangler/bench), and prints one table: for each reader route and a trivial route,
 * requests per second, p50 and p99 latency and errors under load (autocannon, in BENCH_ROUNDS
 * turns of BENCH_SECONDS per route, default 5 x 3 s) and the ratio to the trivial route; the gzip weight of the JavaScript and CSS
 * that / and a story page load; the bytes of pictures a phone (390x844 at 3x) downloads for /, on its first
 * screen and scrolled through; Lighthouse mobile scores for both (median of LIGHTHOUSE_RUNS,
 * default 3; 0 skips them). `/` and the story page are also compared with a bare worker serving
 * the same bytes under the same wrangler dev with the site's assets and flags (BENCH_PORT + 1; and
 * without assets, BENCH_PORT + 2): each must reach 0.8 of the first. The numbers also go to
 * bench-results/latest.json. Then the search benchmark (scripts/bench-search.ts: 50,000
 * stories, five queries, bench-results/search.json, on BENCH_PORT + 3; BENCH_SEARCH=0 skips it),
 * then the upload benchmark
 * (scripts/bench-upload.ts: a 200 MB video through the resumable routes into local R2, its
 * throughput and workerd's peak memory) on the same build; BENCH_UPLOAD=0 skips it. Then the live
 * benchmark (scripts/bench/live/main.ts: one stream to 100, 1,000 and 2,000 viewers); BENCH_LIVE=0 skips it.
 */
const port = Number(process.env.BENCH_PORT ?? 8811);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** What Chromium sends. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
/** The budgets. */
const BUDGET = { jsGzipBytes: 120_000, performance: 95, otherScores: 100, cachedReadRatio: 0.8, bareWorkerRatio: 0.8 };

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const pad = (text: string | number, width: number) => String(text).padStart(width);
const padEnd = (text: string, width: number) => text.padEnd(width);

function loadTable(results: { label: string; result: LoadResult }[], trivial: LoadResult): string[] {
  const width = Math.max(...results.map((row) => row.label.length));
  const lines = [
    `${padEnd('route', width)}  ${pad('req/s', 8)}  ${pad('p50 ms', 7)}  ${pad('p99 ms', 7)}  ${pad('errors', 6)}  ${pad('vs trivial', 10)}`,
  ];
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

function picturesLine(label: string, pictures: PictureBytes): string {
  return `${padEnd(label, 14)}  first screen ${pad(kb(pictures.firstScreenBytes), 9)}   whole page ${pad(kb(pictures.wholePageBytes), 9)} in ${pictures.files.length} pictures (${[...new Set(pictures.files.map((file) => file.contentType))].join(', ')})`;
}

/**
 * Lighthouse's phone (412x823 at 1.75x) asks for the picture widths of its own screen; a deployed
 * site's edge has made them long before (decision 047). Made once here, so Lighthouse measures the
 * page, not this machine's first AVIF encodes.
 */
async function warmPictures(browser: Awaited<ReturnType<typeof launchChromium>>, urls: string[]): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  for (const url of urls) {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
  }
  await context.close();
}

function lighthouseLine(label: string, scores: LighthouseScores): string {
  const m = scores.metrics;
  return `${padEnd(label, 14)}  performance ${pad(scores.performance, 3)} (runs ${scores.performanceRuns.join('/')})  accessibility ${pad(scores.accessibility, 3)}  best practices ${pad(scores.bestPractices, 3)}  SEO ${pad(scores.seo, 3)}   FCP ${m.fcpMs} ms  LCP ${m.lcpMs} ms  TBT ${m.tbtMs} ms  CLS ${m.cls.toFixed(3)}  SI ${m.speedIndexMs} ms`;
}

const site = await startDemoSite({ port, stateName: 'bench' });
const bareWorkers: { stop(): Promise<void> }[] = [];
try {
  const { sampleStory } = site.newsroom;
  const base = site.baseUrl;
  const storyPage = `/story/${sampleStory.slug}`;

  let weights: { home: PageWeight; story: PageWeight } | null = null;
  let pictures: PictureBytes | null = null;
  let scores: { home: LighthouseScores; story: LighthouseScores } | null = null;
  if (lighthouseRuns > 0) {
    console.log(`Serving ${base}; measuring page weight, pictures and Lighthouse (${lighthouseRuns} runs per page)...`);
    const browser = await launchChromium();
    const clientDir = path.join(root, 'dist', 'client');
    weights = {
      home: await measurePageWeight(browser, `${base}/`, clientDir),
      story: await measurePageWeight(browser, `${base}${storyPage}`, clientDir),
    };
    pictures = await measurePictureBytes(browser, `${base}/`);
    await warmPictures(browser, [`${base}/`, `${base}${storyPage}`]);
    await browser.close();
    scores = { home: await lighthouse(`${base}/`, lighthouseRuns), story: await lighthouse(`${base}${storyPage}`, lighthouseRuns) };
    console.log([lighthouseLine('/', scores.home), lighthouseLine('story page', scores.story)].join('\n'));
  }

  // The same pages' bytes, from a worker with nothing else in it.
  const pageText = (url: string) => fetch(url, { headers: { 'Accept-Encoding': 'identity' } }).then((res) => res.text());
  const pages = { home: await pageText(`${base}/`), story: await pageText(`${base}${storyPage}`) };
  const bare = await startBareWorker({ port: port + 1, ...pages, likeTheSite: true });
  bareWorkers.push(bare);
  const plain = await startBareWorker({ port: port + 2, ...pages });
  bareWorkers.push(plain);

  const routes = [
    { label: 'GET /api/health (trivial)', url: `${base}/api/health` },
    { label: 'GET /', url: `${base}/` },
    { label: `GET ${storyPage}`, url: `${base}${storyPage}` },
    { label: 'GET /api/stories?status=published&limit=6', url: `${base}/api/stories?status=published&limit=6` },
    { label: 'GET /api/stories/featured', url: `${base}/api/stories/featured` },
    { label: `GET /api/stories/slug/${sampleStory.slug}`, url: `${base}/api/stories/slug/${sampleStory.slug}` },
    { label: 'bare worker like the site, the bytes of /', url: `${bare.baseUrl}${bare.homePath}` },
    { label: 'bare worker like the site, the bytes of the story page', url: `${bare.baseUrl}${bare.storyPath}` },
    // As a browser asks: both answers are compressed on the way out.
    { label: 'GET / (browser Accept-Encoding)', url: `${base}/`, headers: BROWSER },
    { label: 'bare worker like the site, / (browser Accept-Encoding)', url: `${bare.baseUrl}${bare.homePath}`, headers: BROWSER },
    // Without the site's static assets: what wrangler dev's assets router costs every request.
    { label: 'bare worker without assets, the bytes of /', url: `${plain.baseUrl}${plain.homePath}` },
    { label: 'bare worker without assets, the bytes of the story page', url: `${plain.baseUrl}${plain.storyPath}` },
  ];
  console.log(`Load: ${rounds} turns of ${seconds} s per route, 10 connections, on 127.0.0.1...`);
  // One read first, so the edge cache holds the answer the load then asks for.
  for (const route of routes) await fetch(route.url).then((res) => res.arrayBuffer());
  const results = await loadTestInTurns(
    routes.map((route) => ({ url: route.url, headers: 'headers' in route && route.headers ? route.headers : {} })),
    { seconds, rounds },
  );
  const load = routes.map((route, index) => ({ label: route.label, result: results[index]! }));
  const trivial = load[0]!.result;
  const cachedApi = load.slice(3, 6);
  const weakest = Math.min(...cachedApi.map(({ result }) => result.requestsPerSecond / trivial.requestsPerSecond));
  const vsBare = (page: number, bareRoute: number) => load[page]!.result.requestsPerSecond / load[bareRoute]!.result.requestsPerSecond;
  const pagesVsBare = {
    home: vsBare(1, 6),
    story: vsBare(2, 7),
    homeCompressed: vsBare(8, 9),
    homeVsNoAssets: vsBare(1, 10),
    storyVsNoAssets: vsBare(2, 11),
  };

  const lines = [
    '',
    'Under load (requests per second, latency, errors; ratio to the trivial route in the same run)',
    ...loadTable(load, trivial),
    `cached public API reads: at least ${weakest.toFixed(2)} of the trivial route (budget ${BUDGET.cachedReadRatio})`,
    `pages against a bare worker like the site serving their bytes: / ${pagesVsBare.home.toFixed(2)}, story page ${pagesVsBare.story.toFixed(2)} (budget ${BUDGET.bareWorkerRatio}); / compressed for a browser ${pagesVsBare.homeCompressed.toFixed(2)}`,
    `  (against a bare worker without static assets: / ${pagesVsBare.homeVsNoAssets.toFixed(2)}, story page ${pagesVsBare.storyVsNoAssets.toFixed(2)})`,
    '',
    ...(weights && scores
      ? [
          'What a first visit downloads (gzip), the island its first click wakes included',
          weightLine('/', weights.home),
          weightLine('story page', weights.story),
          '',
          'Pictures a phone (390x844 at 3x) downloads',
          ...(pictures ? [picturesLine('/', pictures)] : []),
          '',
          'Lighthouse, mobile (median run)',
          lighthouseLine('/', scores.home),
          lighthouseLine('story page', scores.story),
          '',
        ]
      : []),
  ];
  console.log(lines.join('\n'));

  await mkdir(path.join(root, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(root, 'bench-results', 'latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), base, storyPage, seconds, rounds, load, pagesVsBare, weights, pictures, lighthouse: scores }, null, 2)}\n`,
  );
} finally {
  for (const worker of bareWorkers) await worker.stop();
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
  await runOnThisBuild('scripts/bench-search.ts', {
    BENCH_SEARCH_PORT: process.env.BENCH_SEARCH_PORT ?? String(port + 3),
    BENCH_ROUNDS: String(Math.min(rounds, 3)),
  });
}

if (process.env.BENCH_UPLOAD !== '0') {
  console.log('Uploads into local R2 (throughput and workerd peak memory)');
  await runOnThisBuild('scripts/bench-upload.ts');
}

if (process.env.BENCH_LIVE !== '0') {
  console.log("Live streams to 100, 1,000 and 2,000 viewers (join time, every byte, chunk delay, the object's work per chunk)");
  await runOnThisBuild('scripts/bench/live/main.ts');
}
