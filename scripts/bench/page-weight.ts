import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

export interface FileWeight {
  path: string;
  kind: 'js' | 'css';
  gzipBytes: number;
}

export interface PageWeight {
  /** Every script and stylesheet the page loaded, up to and including the app taking over, with its gzip size in bytes. */
  files: FileWeight[];
  /** All of it: what the page ever downloads to work fully (the app's code included). */
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** The JavaScript the page runs before the reader interacts (its entry), gzip bytes. */
  jsRunAtLoadGzipBytes: number;
}

/** Resolves once no new script or stylesheet has been requested for QUIET_MS. */
async function waitForQuiet(page: Page, requested: Map<string, unknown>): Promise<void> {
  let seen = -1;
  while (seen !== requested.size) {
    seen = requested.size;
    await page.waitForTimeout(QUIET_MS);
  }
}

const QUIET_MS = 500;
/** How long to leave a loaded page alone (the app's code is prefetched once the browser is idle). */
const SETTLE_MS = 1500;

/**
 * What a first visit to `url` downloads of our JavaScript and CSS: the files Chromium requested
 * until the network went quiet (entry, stylesheet, the app's code prefetched after load), and then
 * after a first click on the page's body (which starts the app on a reader's page, loading the
 * route's own chunks). Each file is gzipped (zlib's default level, as a server compressing on the
 * fly would) from dist/client. "Runs at load" are the scripts the page executed before the click.
 */
export async function measurePageWeight(browser: Browser, url: string, clientDir: string): Promise<PageWeight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested = new Map<string, { executedBeforeInteraction: boolean }>();
  let interacted = false;
  page.on('request', (request) => {
    const { pathname, origin } = new URL(request.url());
    if (origin !== new URL(url).origin || !/\.(js|css)$/.test(pathname) || requested.has(pathname)) return;
    // Prefetches (resource type "other") are fetched, not run.
    requested.set(pathname, { executedBeforeInteraction: !interacted && request.resourceType() === 'script' });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  interacted = true;
  await page.mouse.click(5, 400);
  await page.locator('[data-reading-view]').waitFor({ state: 'detached', timeout: 15_000 });
  // The app's route chunks follow at once; a quiet half second means they are all in.
  await waitForQuiet(page, requested);
  await context.close();
  const files = await Promise.all(
    [...requested.keys()].sort().map(async (file) => ({
      path: file,
      kind: file.endsWith('.css') ? ('css' as const) : ('js' as const),
      gzipBytes: gzipSync(await readFile(path.join(clientDir, file))).length,
    })),
  );
  const sum = (list: FileWeight[]) => list.reduce((total, file) => total + file.gzipBytes, 0);
  return {
    files,
    jsGzipBytes: sum(files.filter((file) => file.kind === 'js')),
    cssGzipBytes: sum(files.filter((file) => file.kind === 'css')),
    jsRunAtLoadGzipBytes: sum(files.filter((file) => file.kind === 'js' && requested.get(file.path)!.executedBeforeInteraction)),
  };
}
