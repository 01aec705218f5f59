import type { Browser, Page } from 'playwright-core';
import { describe } from 'vitest';
import type { Beat } from '../../src/domain/beats/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, site } from './support/site.ts';

/**
 * Issue 19 items 1 and 2: whatever a reader does first on a reader's page (a click on empty space,
 * a tap, the arrow keys or End, typing into the search box), the page never fights back: scroll,
 * focus, typed text and the element under the pointer stay as the reader left them (decision 045:
 * the worker's page stays the page; only islands wake), and the page keeps the height it arrived
 * with as the reader scrolls through it (decision 103). At a desktop size and a phone's.
 */

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
} as const;
type Size = keyof typeof SIZES;

const SETTLE_MS = 2000;

async function readerPage(browser: Browser, size: Size, path: string, pageErrors: string[]): Promise<Page> {
  const context = await browser.newContext({ baseURL: site().baseUrl, ...SIZES[size] });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Every node of the page is marked: a page re-rendered under the reader would lose the marks.
  await page.evaluate(() => document.querySelectorAll('#root *').forEach((node) => ((node as HTMLElement).dataset.seen = '1')));
  return page;
}

/** A point on the page with nothing to act on under it (the page's empty margin, or a paragraph of text). */
async function emptySpot(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    for (let y = 120; y < innerHeight - 20; y += 17) {
      for (const x of [innerWidth - 6, 6, Math.round(innerWidth / 2)]) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !hit.closest('a, button, input, select, textarea, label, iframe, video, [tabindex], summary')) return { x, y };
      }
    }
    throw new Error('no empty spot on screen');
  });
}

/** 700 px down, or as far as a short page goes (a beat with few stories on a desktop). */
async function scrollDown(page: Page): Promise<number> {
  const target = await page.evaluate(() => Math.min(700, document.documentElement.scrollHeight - innerHeight - 60));
  expect(target).toBeGreaterThan(100);
  await page.evaluate((y) => window.scrollTo(0, y), target);
  await expect.poll(() => scrollY(page)).toBe(target);
  return target;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const unmarked = (page: Page) =>
  page.evaluate(
    () => Array.from(document.querySelectorAll('#root [data-reading-view] *')).filter((node) => !(node as HTMLElement).dataset.seen).length,
  );
const readingViews = (page: Page) => page.locator('[data-reading-view]').count();

let paths: Record<string, string>;
test('arrange: the demo newsroom’s pages', async () => {
  // A story with a picture, not an embedded video: offline, a YouTube frame never finishes loading.
  const story = (await apiCall<Story[]>('/api/stories?status=published&limit=50')).body.find(
    (candidate) => candidate.featuredImageUrl && !candidate.videoUrl,
  );
  const beats = (await apiCall<Beat[]>('/api/beats')).body;
  expect(story && beats.length > 0).toBeTruthy();
  paths = { home: '/', story: `/story/${story!.slug}`, beat: `/beat/${beats[0]!.slug}` };
});

for (const size of Object.keys(SIZES) as Size[]) {
  describe(`at ${size} size`, () => {
    for (const name of ['home', 'story', 'beat'] as const) {
      test(`${name}: scrolled down, a first click or tap on empty space keeps the place and the page`, async ({ browser, pageErrors }) => {
        const page = await readerPage(browser, size, paths[name]!, pageErrors);
        const start = await scrollDown(page);
        const spot = await emptySpot(page);
        if (size === 'phone') await page.touchscreen.tap(spot.x, spot.y);
        else await page.mouse.click(spot.x, spot.y);
        await page.waitForTimeout(SETTLE_MS);
        expect(await scrollY(page)).toBe(start);
        expect(await readingViews(page)).toBe(1);
        expect(await unmarked(page)).toBe(0);
        expect(pageErrors).toEqual([]);
        await page.context().close();
      });

      test(`${name}: nothing further down changes height when the reader reaches it`, async ({ browser, pageErrors }) => {
        const page = await readerPage(browser, size, paths[name]!, pageErrors);
        const heightOnArrival = await pageHeight(page);
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(innerHeight / 2)) {
            window.scrollTo(0, y);
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          }
        });
        await page.waitForLoadState('networkidle');
        expect(await pageHeight(page)).toBe(heightOnArrival);
        expect(pageErrors).toEqual([]);
        await page.context().close();
      });

      test(`${name}: the first keys (down arrow, then End) scroll as they should, and only as they should`, async ({
        browser,
        pageErrors,
      }) => {
        const page = await readerPage(browser, size, paths[name]!, pageErrors);
        const start = await scrollDown(page);
        await page.keyboard.press('ArrowDown');
        await page.waitForTimeout(SETTLE_MS);
        const afterArrow = await scrollY(page);
        expect(afterArrow).toBeGreaterThan(start);
        expect(afterArrow).toBeLessThan(start + 200);
        await page.keyboard.press('End');
        const bottom = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
        await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(bottom - 1);
        await page.waitForTimeout(SETTLE_MS);
        expect(await scrollY(page)).toBeGreaterThanOrEqual(bottom - 1);
        expect(await unmarked(page)).toBe(0);
        expect(pageErrors).toEqual([]);
        await page.context().close();
      });
    }

    test('typing into the header’s search box at once keeps every letter, and Enter searches', async ({ browser, pageErrors }) => {
      const page = await readerPage(browser, size, paths.story!, pageErrors);
      const box = page.getByRole('searchbox', { name: 'Search stories' }).first();
      if (size === 'phone') await box.tap();
      else await box.click();
      await page.keyboard.type('levee', { delay: 40 });
      await page.waitForTimeout(SETTLE_MS);
      expect(await box.inputValue()).toBe('levee');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).selectionStart)).toBe(5);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'levee');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Search results for “levee”');
      expect(await page.locator('.search-results li').count()).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });

    test('the element under the pointer stays the same element while the page wakes', async ({ browser, pageErrors }) => {
      const page = await readerPage(browser, size, paths.home!, pageErrors);
      const card = page.locator('.story-card-title a').first();
      await card.scrollIntoViewIfNeeded();
      const box = (await card.boundingBox())!;
      const point = { x: box.x + 5, y: box.y + box.height / 2 };
      if (size === 'desktop') await page.mouse.move(point.x, point.y);
      await page.evaluate(({ x, y }) => ((window as unknown as { under: Element | null }).under = document.elementFromPoint(x, y)), point);
      // The first interaction: a key press anywhere (Shift does nothing else).
      await page.keyboard.press('Shift');
      await page.waitForTimeout(SETTLE_MS);
      expect(
        await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y) === (window as unknown as { under: Element | null }).under,
          point,
        ),
      ).toBe(true);
      if (size === 'desktop') expect(await card.evaluate((link) => link.matches(':hover'))).toBe(true);
      expect(await unmarked(page)).toBe(0);
      await page.context().close();
    });

    test('an open menu stays open, and the Follow menu opens on the first tap or click', async ({ browser, pageErrors }) => {
      const page = await readerPage(browser, size, paths.home!, pageErrors);
      const follow = page.getByRole('button', { name: 'Follow' });
      if (size === 'phone') await follow.tap();
      else await follow.click();
      await expect.poll(() => follow.getAttribute('aria-expanded'), { timeout: 15_000 }).toBe('true');
      await page.waitForTimeout(SETTLE_MS);
      expect(await follow.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('link', { name: 'Main Channel (opens in a new tab)' }).isVisible()).toBe(true);
      expect(await unmarked(page)).toBe(0);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  });
}
