import type { Browser } from 'playwright-core';

export interface PictureBytes {
  /** Pictures a phone downloaded for the first screen, before the reader scrolls. */
  firstScreenBytes: number;
  /** And after scrolling the whole page (lazy pictures included). */
  wholePageBytes: number;
  files: { url: string; bytes: number; contentType: string }[];
}

/** A mid-range phone: 390 by 844 CSS pixels at 3 device pixels each, as Chromium emulates one. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

/**
 * The bytes of pictures (from the site's own origin: stories' pictures, not YouTube's) a phone
 * downloads for `url`: on its first screen, then with the whole page scrolled through, as a reader
 * would. Bodies as they arrive (pictures are not compressed again on the way).
 */
export async function measurePictureBytes(browser: Browser, url: string): Promise<PictureBytes> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const files: PictureBytes['files'] = [];
  const pending = new Set<Promise<void>>();
  const ours = (request: { resourceType(): string; url(): string }) =>
    request.resourceType() === 'image' && new URL(request.url()).origin === origin;
  page.on('request', (request) => {
    if (!ours(request)) return;
    // Every picture asked for is waited for, also one the server makes for the first time (a cold edge cache).
    const done: Promise<void> = request.response().then(async (response) => {
      const body = await response?.body().catch(() => null);
      if (response && body)
        files.push({
          url: new URL(response.url()).pathname + new URL(response.url()).search,
          bytes: body.length,
          contentType: response.headers()['content-type'] ?? '',
        });
    });
    pending.add(done);
    void done.finally(() => pending.delete(done));
  });
  const settled = async () => {
    await page.waitForTimeout(1000);
    while (pending.size > 0) await Promise.all([...pending]);
  };
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await settled();
  const firstScreenBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  // Strings, not functions: this runs in the page, and the scripts are compiled without the DOM's types.
  for (let y = 0; y < Number(await page.evaluate('document.documentElement.scrollHeight')); y += 600) {
    await page.evaluate(`window.scrollTo(0, ${y})`);
    await page.waitForTimeout(250);
  }
  await settled();
  await context.close();
  return { firstScreenBytes, wholePageBytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
}
