import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { projectRoot } from '../lib/project.ts';
import { startDemoSite } from './demo-site.ts';

/**
 * `npx tsx scripts/bench/app-to-story.ts` (issue 27, item 6): what a staff member's click from the
 * app to a story costs, two ways. A reporter signed in to the app (Chromium, headless) goes from the
 * dashboard to the app's home page (the app's own rendering of it) and clicks a story card:
 *  - `react`: the app's copy of the story page (src/web/site/story-page/), as the app does today:
 *    a router navigation, its API read and, the first time, its lazy chunk;
 *  - `full-load`: the same click as a full load of the worker's page (src/adapters/http/seo/), the
 *    edge-cached HTML every reader gets.
 * For each, over RUNS runs after one run that warms the browser's cache (reported apart): the time
 * from the click to the story's headline painted (the first animation frame after `h1#story-title`
 * holds the title, then a task: a frame after it is on screen) and the bytes the browser fetched for
 * it (Chromium's encoded bytes of every response until the network was quiet). Serves a fresh demo
 * newsroom on APP_STORY_BENCH_PORT (default 8878); `--no-build` serves the build in dist/. Results:
 * bench-results/app-to-story.json, and the table printed with the machine's load.
 */
const port = Number(process.env.APP_STORY_BENCH_PORT ?? 8878);
const runs = Number(process.env.APP_STORY_BENCH_RUNS ?? 9);
const build = !process.argv.includes('--no-build');
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

type Mode = 'react' | 'full-load';
interface Run {
  mode: Mode;
  warm: boolean;
  ms: number;
  bytes: number;
  requests: number;
}

/** In every document: watch for the story's headline and note when it is painted (epoch ms). */
const HEADLINE_WATCH = `
(() => {
  window.__headlinePainted = null;
  window.__watchHeadline = (title) => {
    window.__headlinePainted = null;
    const seen = () => {
      const h = document.querySelector('h1#story-title');
      return h !== null && h.textContent.trim() === title;
    };
    const done = () => requestAnimationFrame(() => setTimeout(() => { window.__headlinePainted = performance.timeOrigin + performance.now(); }, 0));
    if (seen()) return done();
    const observer = new MutationObserver(() => { if (seen()) { observer.disconnect(); done(); } });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  };
  const title = sessionStorage.getItem('bench-headline');
  if (title !== null) { sessionStorage.removeItem('bench-headline'); window.__watchHeadline(title); }
})();
`;

/** Counts what the browser fetches from now on, until told to stop. */
async function meter(cdp: CDPSession) {
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  const onFinished = (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
    lastActivity = Date.now();
  };
  const onSent = () => {
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.requestWillBeSent', onSent);
  return {
    /** Waits until nothing was fetched for `quietMs`, then stops counting. */
    async settle(quietMs = 750) {
      while (Date.now() - lastActivity < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
      cdp.off('Network.loadingFinished', onFinished);
      cdp.off('Network.requestWillBeSent', onSent);
      return { bytes, requests };
    },
  };
}

/** The app's home page, reached as a staff member reaches it: the dashboard, then the header's logo. */
async function appHome(page: Page, baseUrl: string, slug: string) {
  await page.goto(`${baseUrl}/dashboard`);
  await page.locator('header a.logo').first().click();
  await page.locator(`a[href="/story/${slug}"]`).first().waitFor();
}

async function clickToStory(page: Page, cdp: CDPSession, baseUrl: string, slug: string, title: string, mode: Mode, warm: boolean) {
  await appHome(page, baseUrl, slug);
  await page.waitForTimeout(500);
  const counting = await meter(cdp);
  // Strings: this tsconfig has no DOM types (the code runs in the page).
  const link = `document.querySelector('a[href="/story/${slug}"]')`;
  const click =
    mode === 'react'
      ? `window.__watchHeadline(${JSON.stringify(title)}); ${link}.click();`
      : `sessionStorage.setItem('bench-headline', ${JSON.stringify(title)}); location.assign(${link}.href);`;
  const clickedAt = await page.evaluate<number>(`(() => { const at = performance.timeOrigin + performance.now(); ${click} return at; })()`);
  // A function, not a string: the site's CSP refuses eval, which a string predicate needs.
  await page.waitForFunction(() => (globalThis as { __headlinePainted?: number | null }).__headlinePainted != null, null, {
    timeout: 30_000,
  });
  const paintedAt = await page.evaluate<number>('window.__headlinePainted');
  const { bytes, requests } = await counting.settle();
  return { mode, warm, ms: paintedAt - clickedAt, bytes, requests } satisfies Run;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const site = await startDemoSite({ port, build, stateName: 'bench-app-to-story' });
const browser = await launchChromium();
const results: Run[] = [];
const loadBefore = uptime();
try {
  const reporter = site.newsroom.reporters[0]!;
  const login = await fetch(`${site.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: reporter.username, password: site.newsroom.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const { slug, title } = site.newsroom.sampleStory;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(token)});`);
  await context.addInitScript(HEADLINE_WATCH);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  console.log(`App to story: ${site.baseUrl}, "${title}", ${runs} runs each after one that warms the cache   (${loadBefore})`);
  for (const mode of ['react', 'full-load'] as const) results.push(await clickToStory(page, cdp, site.baseUrl, slug, title, mode, false));
  for (let i = 0; i < runs; i++)
    for (const mode of ['react', 'full-load'] as const) results.push(await clickToStory(page, cdp, site.baseUrl, slug, title, mode, true));
  await context.close();
} finally {
  await browser.close();
  await site.stop();
}
const loadAfter = uptime();

const lines = [
  '| way | first click (cold cache): ms, bytes | warm: median ms (min-max) | warm: median bytes, requests |',
  '|---|---|---|---|',
];
for (const mode of ['react', 'full-load'] as const) {
  const cold = results.find((r) => r.mode === mode && !r.warm)!;
  const warm = results.filter((r) => r.mode === mode && r.warm);
  const ms = warm.map((r) => r.ms);
  lines.push(
    `| ${mode} | ${cold.ms.toFixed(0)} ms, ${cold.bytes} B | ${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)}) | ${median(warm.map((r) => r.bytes))} B, ${median(warm.map((r) => r.requests))} |`,
  );
}
console.log(lines.join('\n'));
console.log(`load before: ${loadBefore}\nload after:  ${loadAfter}`);
const out = path.join(projectRoot, 'bench-results', 'app-to-story.json');
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, JSON.stringify({ loadBefore, loadAfter, runs: results }, null, 2));
