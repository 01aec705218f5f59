import type { Browser, Page } from 'playwright-core';
import { describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createReporterViaApi, createStoryViaApi, signInAs, unique, uniqueUsername } from './support/staff.ts';

/**
 * Readership analytics in the browser (docs/product/api-analytics.md): readers arrive at a story
 * from a search engine and from nowhere, and the admin's chart and source list show them within a
 * minute (the e2e site flushes the view counters every 5 s, by the same alarm as production's 30 s);
 * a reporter sees their own story's chart (a newsletter's link among its sources, as Email), and
 * another reporter cannot see it.
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface SiteFigures {
  total: number;
  sources: { source: string; views: number }[];
  devices: { device: string; views: number }[];
}

const viewsOf = (list: { views: number }[], pick: (row: never) => boolean) =>
  list.filter(pick as (row: unknown) => boolean).reduce((sum, row) => sum + row.views, 0);

/** What the page's beacon sent. */
interface BeaconBody {
  referrer: string;
  utmMedium?: string;
}

/**
 * A reader (a context of its own, no token) opening a story page as a person would, from `referer` or from nowhere, at
 * the story's address plus `query` (a newsletter's link: `?utm_source=...&utm_medium=email`).
 */
async function readerOpens(
  browser: Browser,
  story: Story,
  options: { referer?: string; userAgent?: string; width?: number; query?: string },
): Promise<BeaconBody> {
  const context = await browser.newContext({
    baseURL: site().baseUrl,
    userAgent: options.userAgent,
    viewport: { width: options.width ?? 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    const counted = page.waitForResponse((res) => res.url().endsWith(`/api/stories/${story.id}/view`) && res.request().method() === 'POST');
    await page.goto(`/story/${story.slug}${options.query ?? ''}`, { referer: options.referer });
    const answer = await counted;
    expect(answer.status()).toBe(200);
    // What the page's beacon sent: the page's own document.referrer, and the address bar's utm_medium.
    return JSON.parse(answer.request().postData() ?? '{}') as BeaconBody;
  } finally {
    await context.close();
  }
}

/** Waits until the breakdowns have been read (a table, or the words for none), not "Loading…". */
async function listsLoaded(page: Page): Promise<void> {
  const sources = page.getByRole('region', { name: 'Sources' });
  await expect
    .poll(async () => (await sources.getByRole('table').count()) + (await sources.getByText('No readers yet.').count()), {
      timeout: 30_000,
    })
    .toBe(1);
}

/** The views a ranked row of the readership card shows, by its label. */
async function rowViews(page: Page, list: string, label: string): Promise<number> {
  const row = page.getByRole('region', { name: list }).getByRole('row', { name: new RegExp(`^${label}`) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole('cell').innerText()).replace(/[^\d]/g, ''));
}

describe('readership', () => {
  // Each waits up to a minute for the figures (the flush, then the dashboard's next read), so more than the default 60 s in all.
  test(
    'readers from a search engine and from nowhere show in the admin’s chart and sources within a minute',
    { timeout: 150_000 },
    async ({ page, browser, pageErrors }) => {
      const { admin, reporters } = site();
      const adminToken = await apiLogin(admin);
      const story = await createStoryViaApi(await apiLogin(reporters[0]!), { title: unique('Flood barrier holds') });

      // Views other journeys left are all in the figures before the page reads them.
      await expect
        .poll(async () => (await apiCall<{ viewsPending: number }>('/api/analytics/counters', { token: adminToken })).body.viewsPending, {
          timeout: 30_000,
        })
        .toBe(0);
      const before = (await apiCall<SiteFigures>('/api/analytics/site', { token: adminToken })).body;
      await signInAs(page, admin);
      await page.goto('/admin');
      const readership = page.getByRole('region', { name: 'Readership' });
      await listsLoaded(page);
      const searchBefore = await rowViews(page, 'Sources', 'Search engines');
      const directBefore = await rowViews(page, 'Sources', 'Direct');
      const phonesBefore = await rowViews(page, 'Devices', 'Phones');

      expect(await readerOpens(browser, story, { referer: 'https://www.google.com/' })).toEqual({ referrer: 'https://www.google.com/' });
      expect(await readerOpens(browser, story, { userAgent: IPHONE, width: 390 })).toEqual({ referrer: '' });
      const arrived = Date.now();

      // No reload: the dashboard reads its figures again by itself.
      await expect.poll(() => rowViews(page, 'Sources', 'Search engines'), { timeout: 60_000, interval: 1000 }).toBe(searchBefore + 1);
      await expect.poll(() => rowViews(page, 'Sources', 'Direct'), { timeout: 60_000, interval: 1000 }).toBe(directBefore + 1);
      await expect.poll(() => rowViews(page, 'Devices', 'Phones'), { timeout: 60_000, interval: 1000 }).toBe(phonesBefore + 1);
      expect(Date.now() - arrived).toBeLessThan(60_000);

      // The chart and its text alternative count them too.
      const after = (await apiCall<SiteFigures & { topStories: { title: string }[] }>('/api/analytics/site', { token: adminToken })).body;
      expect(after.total).toBe(before.total + 2);
      const topStories = page.getByRole('region', { name: 'Top stories' }).getByRole('rowheader');
      expect(await topStories.allInnerTexts()).toEqual(after.topStories.map((top) => top.title));
      expect(viewsOf(after.sources, (row: { source: string }) => row.source === 'search')).toBe(
        viewsOf(before.sources, (row: { source: string }) => row.source === 'search') + 1,
      );
      const summary = readership.locator('figcaption');
      await expect.poll(() => summary.innerText(), { timeout: 40_000 }).toMatch(/ views in the last 7 days\. Most: /);
      await readership.getByText('Show as a table').click();
      const today = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(
        new Date(),
      );
      await expect.poll(() => readership.getByRole('row', { name: new RegExp(`^${today}`) }).innerText()).toMatch(/\d/);
      expect(await page.locator('.time-chart-canvas canvas').count()).toBeGreaterThan(0);
      expect(pageErrors).toEqual([]);
    },
  );

  test(
    'a reporter sees their own story’s chart, and not another reporter’s',
    { timeout: 150_000 },
    async ({ page, browser, pageErrors }) => {
      const { admin, reporters } = site();
      // A reporter of this journey's own: their one story is surely in their top five.
      const owner = await createReporterViaApi(await apiLogin(admin), uniqueUsername('reader-owner'));
      const other = reporters[2]!;
      const story = await createStoryViaApi(await apiLogin(owner), { title: unique('Council budget vote') });
      await readerOpens(browser, story, { referer: 'https://t.co/abc' });
      await readerOpens(browser, story, { referer: 'https://duckduckgo.com/' });
      // A subscriber follows the newsletter's link (the same cached page: the beacon reads the address bar).
      expect(await readerOpens(browser, story, { query: '?utm_source=the-briefing&utm_medium=email' })).toEqual({
        referrer: '',
        utmMedium: 'email',
      });

      await signInAs(page, owner);
      await page.goto(`/edit/${story.id}`);
      const card = page.getByRole('region', { name: 'Readership' });
      await expect.poll(() => card.locator('figcaption').count(), { timeout: 60_000, interval: 1000 }).toBe(1);
      await expect
        .poll(() => card.locator('figcaption').innerText(), { timeout: 60_000, interval: 1000 })
        .toMatch(/^3 views in the last 7 days/);
      expect(await rowViews(page, 'Sources', 'Social media')).toBe(1);
      expect(await rowViews(page, 'Sources', 'Search engines')).toBe(1);
      expect(await rowViews(page, 'Sources', 'Email')).toBe(1);
      expect(await rowViews(page, 'Referrers', 't.co')).toBe(1);

      // Their dashboard's "Your Stats" has it among their top five.
      await page.goto('/dashboard');
      await expect
        .poll(
          () =>
            page
              .getByRole('region', { name: 'Your top five' })
              .getByRole('row', { name: new RegExp(story.title) })
              .count(),
          { timeout: 30_000 },
        )
        .toBe(1);
      expect(pageErrors).toEqual([]);

      // Another reporter: no editor, no figures.
      const otherToken = await apiLogin(other);
      expect((await apiCall(`/api/analytics/stories/${story.id}`, { token: otherToken })).status).toBe(404);
      const otherPage = await page.context().browser()!.newPage({ baseURL: site().baseUrl });
      try {
        await signInAs(otherPage, other);
        await otherPage.goto(`/edit/${story.id}`);
        await expect.poll(() => otherPage.getByRole('heading', { name: 'Story Not Found' }).count(), { timeout: 15_000 }).toBe(1);
        expect(await otherPage.getByRole('region', { name: 'Readership' }).count()).toBe(0);
        await otherPage.goto('/dashboard');
        const topFive = otherPage.getByRole('region', { name: 'Your top five' });
        await expect.poll(() => topFive.isVisible(), { timeout: 15_000 }).toBe(true);
        expect(await topFive.getByRole('row', { name: new RegExp(story.title) }).count()).toBe(0);
      } finally {
        await otherPage.close();
      }
    },
  );

  test('the admin’s readership fits a phone, and says when a period has no views', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: site().baseUrl, viewport: { width: 390, height: 844 }, userAgent: IPHONE });
    try {
      const page = await context.newPage();
      await signInAs(page, site().admin);
      await page.goto('/admin');
      const readership = page.getByRole('region', { name: 'Readership' });
      await expect.poll(() => readership.locator('figcaption, .chart-empty').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await readership.getByRole('button', { name: '24 hours' }).click();
      expect(await readership.getByRole('button', { name: '24 hours' }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => readership.locator('figcaption, .chart-empty').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      // The section, its chart and its lists fit the phone's width: nothing sticks out or scrolls sideways.
      const fits = await readership.evaluate((section) =>
        [section, ...Array.from(section.querySelectorAll('*'))].every(
          (el) =>
            (el.getBoundingClientRect().right <= window.innerWidth + 0.5 && el.scrollWidth <= el.clientWidth + 1) ||
            getComputedStyle(el).overflowX !== 'visible',
        ),
      );
      expect(fits).toBe(true);

      // A story nobody has read: its editor says so instead of drawing a flat line.
      const unread = await createStoryViaApi(await apiLogin(site().reporters[0]!), { title: unique('Unread story'), status: 'draft' });
      await page.goto(`/edit/${unread.id}`);
      await expect.poll(() => page.getByText('Views are counted once the story is published.').count(), { timeout: 20_000 }).toBe(1);
    } finally {
      await context.close();
    }
  });
});
