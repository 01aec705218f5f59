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
  /** Every script and stylesheet the page loaded, up to and including its first interaction's island, with its gzip size in bytes. */
  files: FileWeight[];
  /** All of it: the entry and the island the first interaction wakes. */
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
/** How long to leave a loaded page alone (anything loaded once the browser is idle would show by then). */
const SETTLE_MS = 1500;

/**
 * What a first visit to `url` downloads of our JavaScript and CSS: the files Chromium requested
 * until the network went quiet (entry, stylesheet), and then after a first click on the header's
 * Follow button (an island: its code arrives on that click; decision 045). Each file is gzipped
 * (zlib's default level, as a server compressing on the fly would) from dist/client. "Runs at
 * load" are the scripts the page executed before the click.
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
  const follow = page.getByRole('button', { name: 'Follow' });
  await follow.click();
  await page.locator('[aria-controls="follow-menu"][aria-expanded="true"]').waitFor({ timeout: 15_000 });
  // The island's chunk is in once the menu opens; a quiet half second means nothing else followed.
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
