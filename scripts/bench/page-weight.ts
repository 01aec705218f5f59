import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface PageWeight {
  /** Every script and stylesheet the page loaded, with its gzip size in bytes. */
  files: { path: string; kind: 'js' | 'css'; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/**
 * What a first visit to `url` downloads of our JavaScript and CSS: the files Chromium actually
 * requested until the network went quiet (entry, preloads and the route's lazy chunks), each
 * gzipped (zlib's default level, as a server compressing on the fly would) from dist/client.
 */
export async function measurePageWeight(browser: Browser, url: string, clientDir: string): Promise<PageWeight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested = new Set<string>();
  page.on('request', (request) => {
    const { pathname, origin } = new URL(request.url());
    if (origin === new URL(url).origin && /\.(js|css)$/.test(pathname)) requested.add(pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  const files = await Promise.all(
    [...requested].sort().map(async (file) => ({
      path: file,
      kind: file.endsWith('.css') ? ('css' as const) : ('js' as const),
      gzipBytes: gzipSync(await readFile(path.join(clientDir, file))).length,
    })),
  );
  const sum = (kind: 'js' | 'css') => files.filter((file) => file.kind === kind).reduce((total, file) => total + file.gzipBytes, 0);
  return { files, jsGzipBytes: sum('js'), cssGzipBytes: sum('css') };
}
