import type { Browser } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { Beat } from '../../src/domain/beats/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site } from './support/site.ts';

/**
 * Issue 19 item 9: axe-core finds no serious or critical violation (nor two landmarks of one name,
 * nor a name that hides its visible text) on any reader's page, at a desktop size and a phone's, as
 * the worker sends it, with its menu open, with a notice showing and for a signed-in reporter.
 * (tests/e2e/staff-accessibility.e2e.ts does the staff's screens.)
 */
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

let paths: string[];
beforeAll(async () => {
  const stories = (await apiCall<Story[]>('/api/stories?status=published&limit=20')).body;
  const beats = (await apiCall<Beat[]>('/api/beats')).body;
  // An uploaded video (a YouTube frame never finishes loading offline).
  const withVideo = stories.find((story) => story.videoUrl && !/youtu/.test(story.videoUrl));
  const withPicture = stories.find((story) => story.featuredImageUrl && !story.videoUrl);
  const author = stories[0]!.author.username;
  paths = [
    '/',
    `/story/${withPicture!.slug}`,
    ...(withVideo ? [`/story/${withVideo.slug}`] : []),
    `/beat/${beats[0]!.slug}`,
    `/author/${author}`,
    '/search?q=levee',
    '/search',
    '/search?q=zzzznothing',
    '/beta',
    '/about',
    '/newsletters',
    '/support',
    '/account',
    '/login',
    '/nope',
    '/story/no-such-story',
    '/beat/no-such-beat',
    '/author/no-such-author',
  ];
});

async function violationsAt(browser: Browser, size: (typeof SIZES)[number], path: string, token?: string): Promise<string[]> {
  const { name: _name, ...options } = size;
  const context = await browser.newContext({ baseURL: site().baseUrl, ...options });
  if (token) await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('contentinfo').waitFor();
  await page.waitForLoadState('networkidle');
  const found = (await seriousViolations(page)).map((violation) => `${size.name} ${path}: ${violation}`);
  await context.close();
  return found;
}

for (const size of SIZES) {
  describe(`at ${size.name} size`, () => {
    // Eighteen pages, each loaded and checked in a fresh context: about 3 s a page on a busy 2-core machine.
    test('every reader’s page, as the worker sends it', { timeout: 180_000 }, async ({ browser }) => {
      const found: string[] = [];
      for (const path of paths) found.push(...(await violationsAt(browser, size, path)));
      expect(found).toEqual([]);
    });

    test('the home page with the Follow menu open and a notice showing', async ({ browser }) => {
      const { name: _name, ...options } = size;
      const context = await browser.newContext({ baseURL: site().baseUrl, ...options });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Follow' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Follow' }).getAttribute('aria-expanded'), { timeout: 15_000 }).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Watch Live' }).click();
      await expect.poll(() => page.getByText('No live stream right now').count(), { timeout: 15_000 }).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    test('a story page and the home page for a signed-in reporter (the account corner and Edit)', async ({ browser }) => {
      const token = await apiLogin(site().reporters[0]!);
      const found = [...(await violationsAt(browser, size, '/', token)), ...(await violationsAt(browser, size, paths[1]!, token))];
      expect(found).toEqual([]);
    });
  });
}
