import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { LiveBlogUpdate } from '../../src/domain/live-blog/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './support/site.ts';
import { createStoryViaApi, signInAs, unique } from './support/staff.ts';

/**
 * Live blogs in the browser (issue 21): a reporter opens a live blog and posts from the live desk;
 * a reader's open page shows each update within 5 s without reloading, without moving a reader who
 * scrolled, edits and deletions too; an update's link scrolls to it; ending coverage shows.
 */

const WITHIN = 5_000;

let reporter: E2eAccount;
let colleague: E2eAccount;
let reporterToken: string;
beforeAll(async () => {
  [reporter, colleague] = site().reporters as [E2eAccount, E2eAccount];
  reporterToken = await apiLogin(reporter);
});

async function post(token: string, storyId: number, body: Record<string, unknown>): Promise<LiveBlogUpdate> {
  const res = await apiCall<LiveBlogUpdate>(`/api/stories/${storyId}/updates`, { method: 'POST', token, json: body });
  if (res.status !== 201) throw new Error(`posting failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A reader's page of the live blog, marked so that a reload would show (the mark would be gone). */
async function openAsReader(page: Page, slug: string, hash = ''): Promise<void> {
  await page.goto(`/story/${slug}${hash}`);
  await page.evaluate(() => ((window as unknown as { readerMark: string }).readerMark = 'still the same page'));
  await expect.poll(() => page.locator('[data-live-blog]').count()).toBe(1);
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { readerMark?: string }).readerMark === 'still the same page');
const feedText = (page: Page) => page.locator('.live-blog-feed').textContent();

/** The live desk's composer: type the update, tick what is asked, post. */
async function compose(
  desk: Page,
  text: string,
  options: { keyEvent?: boolean; pinned?: boolean; shortcut?: boolean } = {},
): Promise<number> {
  const composer = desk.locator('.update-composer').first();
  await composer.locator('.ProseMirror').click();
  await desk.keyboard.type(text);
  if (options.keyEvent) await composer.getByLabel('Key event').check();
  if (options.pinned) await composer.getByLabel('Pin to top').check();
  const posted = desk.waitForResponse((res) => res.url().endsWith('/updates') && res.request().method() === 'POST');
  if (options.shortcut) await desk.keyboard.press('Control+Enter');
  else await composer.getByRole('button', { name: 'Post update' }).click();
  const res = await posted;
  expect(res.status()).toBe(201);
  // The composer is ready for the next one.
  await expect.poll(() => composer.locator('.ProseMirror').textContent()).toBe('');
  return Date.now();
}

/** The time from `since` until the reader's feed holds `text` (fails after WITHIN). */
async function arrives(reader: Page, text: string, since: number): Promise<number> {
  await expect.poll(() => feedText(reader), { timeout: WITHIN, interval: 100 }).toContain(text);
  return Date.now() - since;
}

describe('a live blog from the live desk to the reader', () => {
  test('a reporter creates a live blog and posts three updates; an open reader page shows each within 5 s, without reloading or moving the reader', async ({
    page,
    browser,
    pageErrors,
  }) => {
    const title = unique('Flood live');
    await signInAs(page, reporter);
    await page.goto('/story/new');
    await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('radio', { name: /Live blog/ }).check();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('The river, as it happens');
    await expect.poll(() => page.getByRole('heading', { name: 'Summary' }).count()).toBe(1);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('What we know so far: the river is rising.');
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Create Story' }).click();
    await expect.poll(() => page.getByText('Story created successfully').count(), { timeout: 15_000 }).toBe(1);
    const stories = await apiCall<Story[]>(`/api/stories?limit=20`, { token: reporterToken });
    const blog = stories.body.find((story) => story.title === title)!;
    expect(blog).toMatchObject({ format: 'liveblog', coverage: 'live', status: 'published' });
    // Earlier reporting, so the reader has something to scroll through.
    for (let n = 1; n <= 6; n++)
      await post(reporterToken, blog.id, { body: `<p>Earlier report ${n}.</p><p>${'Details from the scene. '.repeat(25)}</p>` });

    const readerContext = await browser.newContext({ baseURL: site().baseUrl, viewport: { width: 1000, height: 700 } });
    const reader = await readerContext.newPage();
    const readerErrors: string[] = [];
    reader.on('pageerror', (error) => readerErrors.push(error.message));
    await openAsReader(reader, blog.slug);

    await page.goto(`/edit/${blog.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Live desk' }).count(), { timeout: 15_000 }).toBe(1);

    // 1. A key event, with the reader at the top of the feed: it appears where they look.
    await reader.locator('#live-blog-heading').scrollIntoViewIfNeeded();
    await reader.evaluate(() =>
      window.scrollTo(0, (document.querySelector('#live-blog-heading') as HTMLElement).getBoundingClientRect().top + window.scrollY - 20),
    );
    const first = await compose(page, 'Red warning issued for the valley', { keyEvent: true });
    console.log(`key event reached the reader in ${await arrives(reader, 'Red warning issued for the valley', first)} ms`);
    await expect.poll(() => reader.locator('[data-live-blog-key-events]').textContent()).toContain('Red warning issued for the valley');
    await expect
      .poll(() => reader.locator('[data-live-blog-announce]').textContent())
      .toContain('New update: Red warning issued for the valley');

    // 2. Pinned, posted with Ctrl+Enter, while the reader has scrolled down into older updates: they stay on what they read.
    const reading = reader.getByText('Earlier report 3.');
    await reading.scrollIntoViewIfNeeded();
    await reader.evaluate(() => window.scrollBy(0, -100));
    const before = await reading.evaluate((element) => element.getBoundingClientRect().top);
    const second = await compose(page, 'Evacuation centres are open', { pinned: true, shortcut: true });
    console.log(`pinned update reached the reader in ${await arrives(reader, 'Evacuation centres are open', second)} ms`);
    expect(Math.abs((await reading.evaluate((element) => element.getBoundingClientRect().top)) - before)).toBeLessThanOrEqual(2);
    await expect.poll(() => reader.locator('[data-live-blog-pinned]').textContent()).toContain('Evacuation centres are open');
    await expect.poll(() => reader.getByRole('button', { name: '1 new update' }).isVisible()).toBe(true);

    // 3. A plain one: still in place, and the button counts both.
    const third = await compose(page, 'Rail services suspended');
    console.log(`third update reached the reader in ${await arrives(reader, 'Rail services suspended', third)} ms`);
    expect(Math.abs((await reading.evaluate((element) => element.getBoundingClientRect().top)) - before)).toBeLessThanOrEqual(2);
    await reader.getByRole('button', { name: '2 new updates' }).click();
    await expect.poll(() => reader.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Rail services suspended');
    await expect.poll(() => reader.getByRole('button', { name: /new update/ }).count()).toBe(0);
    const newestTop = await reader
      .locator('.live-blog-feed > li')
      .first()
      .evaluate((element) => element.getBoundingClientRect().top);
    expect(newestTop).toBeGreaterThanOrEqual(-1);
    expect(newestTop).toBeLessThan(700);

    expect(await notReloaded(reader)).toBe(true);
    // Newest first on the reader's page, each by its author.
    const order = await reader.locator('.live-blog-feed .live-blog-body').allTextContents();
    expect(order.slice(0, 3)).toEqual(['Rail services suspended', 'Evacuation centres are open', 'Red warning issued for the valley']);
    await expect.poll(() => page.locator('.desk-update').count()).toBe(9);
    expect(readerErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    await readerContext.close();
  });

  test('an edit and a delete made on the live desk reach the open reader page too', async ({ page, browser, pageErrors }) => {
    const blog = await createStoryViaApi(reporterToken, { title: unique('Edits live'), format: 'liveblog' });
    await post(reporterToken, blog.id, { body: '<p>The mayor will speak at noon.</p>' });
    await post(reporterToken, blog.id, { body: '<p>A wrong report, to be removed.</p>' });
    const readerContext = await browser.newContext({ baseURL: site().baseUrl });
    const reader = await readerContext.newPage();
    await openAsReader(reader, blog.slug);

    await signInAs(page, reporter);
    await page.goto(`/edit/${blog.id}`);
    const edited = page.locator('.desk-update', { hasText: 'The mayor will speak at noon.' });
    await edited.getByRole('button', { name: 'Edit' }).click();
    await edited.locator('.ProseMirror').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Moved to 1 p.m.');
    const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/updates/'));
    await edited.getByRole('button', { name: 'Save update' }).click();
    expect((await saved).status()).toBe(200);
    const editedAt = Date.now();
    console.log(`edit reached the reader in ${await arrives(reader, 'Moved to 1 p.m.', editedAt)} ms`);

    const wrong = page.locator('.desk-update', { hasText: 'A wrong report' });
    await wrong.getByRole('button', { name: 'Delete' }).click();
    const deleted = page.waitForResponse((res) => res.request().method() === 'DELETE');
    await page.getByRole('button', { name: 'Delete update' }).click();
    expect((await deleted).status()).toBe(204);
    const deletedAt = Date.now();
    await expect.poll(() => feedText(reader), { timeout: WITHIN, interval: 100 }).not.toContain('A wrong report');
    console.log(`delete reached the reader in ${Date.now() - deletedAt} ms`);
    await expect.poll(() => reader.locator('[data-live-blog-announce]').textContent()).toContain('An update was removed.');
    expect(await notReloaded(reader)).toBe(true);
    expect(pageErrors).toEqual([]);
    await readerContext.close();
  });

  test('two reporters changing one update: the second is told and sees the first’s version', async ({ page, browser, pageErrors }) => {
    const blog = await createStoryViaApi(reporterToken, { title: unique('Two desks'), format: 'liveblog' });
    const admin = site().admin;
    await post(reporterToken, blog.id, { body: '<p>Casualty figures awaited.</p>' });
    await signInAs(page, reporter);
    await page.goto(`/edit/${blog.id}`);
    const otherContext = await browser.newContext({ baseURL: site().baseUrl });
    const other = await otherContext.newPage();
    await signInAs(other, admin);
    await other.goto(`/edit/${blog.id}`);
    // Both open the editor on version 1.
    for (const desk of [page, other]) await desk.locator('.desk-update').getByRole('button', { name: 'Edit' }).click();
    await other.locator('.desk-update .ProseMirror').click();
    await other.keyboard.press('End');
    await other.keyboard.type(' Twelve injured.');
    await other.getByRole('button', { name: 'Save update' }).click();
    await expect.poll(() => other.locator('.desk-update-body').textContent()).toContain('Twelve injured.');
    // The first desk's list has heard of version 2 (it refreshes every few seconds) while its editor
    // still holds version 1: saving must not take version 2 as its base.
    await expect.poll(() => page.locator('.desk-update').getAttribute('data-version'), { timeout: 10_000 }).toBe('2');

    await page.locator('.desk-update .ProseMirror').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Ten injured.');
    await page.getByRole('button', { name: 'Save update' }).click();
    await expect
      .poll(() => page.locator('.desk-update [role="alert"]').first().textContent())
      .toBe('Someone else changed this update since you opened it. Their version is shown now; make your change again on it.');
    await expect.poll(() => page.locator('.desk-update .ProseMirror').textContent()).toContain('Twelve injured.');
    const stored = await apiCall<{ updates: LiveBlogUpdate[] }>(`/api/stories/${blog.id}/updates`);
    expect(stored.body.updates[0]!.body).toBe('<p>Casualty figures awaited. Twelve injured.</p>');
    expect(pageErrors).toEqual([]);
    await otherContext.close();
  });

  test('a colleague posts from the live desk of someone else’s live blog, without its settings', async ({ page, pageErrors }) => {
    const blog = await createStoryViaApi(reporterToken, { title: unique('Shared desk'), format: 'liveblog' });
    await signInAs(page, colleague);
    await page.goto(`/edit/${blog.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Live desk' }).count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByRole('button', { name: 'End coverage' }).count()).toBe(0);
    expect(await page.getByLabel('Title').count()).toBe(0);
    await compose(page, 'From the colleague at the scene');
    const stored = await apiCall<{ updates: LiveBlogUpdate[] }>(`/api/stories/${blog.id}/updates`);
    expect(stored.body.updates[0]).toMatchObject({
      body: '<p>From the colleague at the scene</p>',
      author: { username: colleague.username },
    });
    expect(pageErrors).toEqual([]);
  });
});

describe('video beside words', () => {
  test(
    'the reporter goes live from the live desk: the live blog’s page plays it above the updates, and the recording stays there',
    { timeout: 120_000 },
    async ({ page, browser, pageErrors }) => {
      const blog = await createStoryViaApi(reporterToken, { title: unique('Video live'), format: 'liveblog' });
      await post(reporterToken, blog.id, { body: '<p>Our reporter is at the scene.</p>' });
      await signInAs(page, reporter);
      await page.goto(`/edit/${blog.id}`);
      await page.getByRole('button', { name: 'Go live with video on this page' }).click();
      // The stream takes the live blog's title, which is not the reporter's to change here.
      expect(await page.getByLabel('Stream Title').inputValue()).toBe(blog.title);
      expect(await page.getByLabel('Stream Title').isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Start Live Stream' }).click();
      await expect.poll(() => page.getByText('You are live.').count(), { timeout: 30_000 }).toBe(1);
      const stored = (await apiCall<Story>(`/api/stories/${blog.id}`, { token: reporterToken })).body;
      expect(stored).toMatchObject({ isLive: true, format: 'liveblog' });

      const readerContext = await browser.newContext({ baseURL: site().baseUrl });
      const reader = await readerContext.newPage();
      await reader.goto(`/story/${blog.slug}`);
      const video = reader.locator('video[aria-label^="Live video"]');
      await expect.poll(() => video.count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
      const above = await reader.evaluate(() => {
        const player = document.querySelector('video[aria-label^="Live video"]')!;
        return Boolean(player.compareDocumentPosition(document.querySelector('[data-live-blog]')!) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(above).toBe(true);
      // The feed stays live under the video.
      const at = await compose(page, 'Live pictures from the bridge above');
      await arrives(reader, 'Live pictures from the bridge above', at);

      await page.getByRole('button', { name: 'End Stream' }).click();
      await expect.poll(() => page.getByText('The stream has ended.').count(), { timeout: 30_000 }).toBe(1);
      const ended = (await apiCall<Story>(`/api/stories/${blog.id}`, { token: reporterToken })).body;
      expect(ended).toMatchObject({ isLive: false, status: 'published', coverage: 'live' });
      // This Chromium records fragmented MP4 (H.264), so the recording is an MP4 (issue 18, decision 042).
      expect(ended.videoUrl).toMatch(/^\/media\/streams\/.+\.mp4$/);
      const again = await readerContext.newPage();
      await again.goto(`/story/${blog.slug}`);
      expect(await again.locator(`video[src="${ended.videoUrl}"]`).count()).toBe(1);
      expect(pageErrors).toEqual([]);
      await readerContext.close();
    },
  );
});

describe('the reader’s live blog page', () => {
  test('loads its feed’s code, and none of the app’s (React, the router, the site frame), before the reader interacts', async ({
    page,
    pageErrors,
  }) => {
    const blog = await createStoryViaApi(reporterToken, { title: unique('Light live'), format: 'liveblog' });
    await post(reporterToken, blog.id, { body: '<p>Nothing heavy here.</p>' });
    await openAsReader(page, blog.slug);
    await page.waitForLoadState('networkidle');
    // What the page ran, not what it only prefetched for later (<link rel="prefetch">).
    const ran = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.initiatorType !== 'link')
        .map((entry) => new URL(entry.name).pathname.split('/').pop()!),
    );
    expect(ran.some((file) => file.startsWith('live-blog.island-'))).toBe(true);
    expect(ran.filter((file) => /^(react|framework|site|start-app|routes)-/.test(file))).toEqual([]);
    expect(await page.locator('[data-reading-view]').count()).toBe(1);
    // And it is live: a new update arrives.
    const at = Date.now();
    await post(reporterToken, blog.id, { body: '<p>Still light, still live.</p>' });
    await arrives(page, 'Still light, still live.', at);
    expect(pageErrors).toEqual([]);
  });

  test('an update’s link scrolls to it, also to one older than the first page', async ({ page, pageErrors }) => {
    const blog = await createStoryViaApi(reporterToken, { title: unique('Long live'), format: 'liveblog' });
    const updates: LiveBlogUpdate[] = [];
    for (let n = 1; n <= 24; n++) updates.push(await post(reporterToken, blog.id, { body: `<p>Numbered update ${n}.</p>` }));
    const topOf = (id: number) => page.locator(`#update-${id}`).evaluate((element) => Math.round(element.getBoundingClientRect().top));

    // Not among the newest 20: the page loads older updates until it holds it, then goes there.
    const older = updates[1]!;
    await openAsReader(page, blog.slug, `#update-${older.id}`);
    await expect.poll(() => page.locator(`#update-${older.id}`).count(), { timeout: WITHIN }).toBe(1);
    await expect.poll(() => topOf(older.id)).toBeLessThan(120);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`update-${older.id}`);

    // One on the page, followed from a link within it (the address's fragment changes).
    const onPage = updates[20]!;
    await page.evaluate((id) => (location.hash = `#update-${id}`), onPage.id);
    await expect.poll(() => topOf(onPage.id)).toBeLessThan(120);
    await expect.poll(() => topOf(onPage.id)).toBeGreaterThanOrEqual(0);
    // And the update's own link (its time), as a reader would share it.
    expect(await page.locator(`#update-${onPage.id} .live-blog-time`).getAttribute('href')).toBe(`/story/${blog.slug}#update-${onPage.id}`);
    expect(pageErrors).toEqual([]);
  });

  test('older updates load as the reader scrolls, and the page reads without JavaScript', async ({ page, browser, pageErrors }) => {
    const blog = await createStoryViaApi(reporterToken, { title: unique('Scroll live'), format: 'liveblog' });
    for (let n = 1; n <= 23; n++) await post(reporterToken, blog.id, { body: `<p>Scroll update ${n}.</p>` });
    await openAsReader(page, blog.slug);
    expect(await feedText(page)).not.toContain('Scroll update 3.');
    await page.locator('[data-live-blog-older]').scrollIntoViewIfNeeded();
    await expect.poll(() => feedText(page), { timeout: WITHIN }).toContain('Scroll update 1.');
    expect(await page.locator('[data-live-blog-older]').count()).toBe(0);
    expect(await page.locator('.live-blog-feed > li').count()).toBe(23);
    expect(pageErrors).toEqual([]);

    const noScript = await browser.newContext({ baseURL: site().baseUrl, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`/story/${blog.slug}`);
    expect(await plain.locator('.live-blog-feed').textContent()).toContain('Scroll update 23.');
    await plain.locator('[data-live-blog-older]').click();
    await expect.poll(() => plain.locator('.live-blog-feed').textContent()).toContain('Scroll update 1.');
    await noScript.close();
  });

  test('ending coverage on the live desk shows the ended state to the reader', async ({ page, browser, pageErrors }) => {
    const blog = await createStoryViaApi(reporterToken, { title: unique('Ending live'), format: 'liveblog' });
    await post(reporterToken, blog.id, { body: '<p>The last word.</p>' });
    const readerContext = await browser.newContext({ baseURL: site().baseUrl });
    const reader = await readerContext.newPage();
    await openAsReader(reader, blog.slug);
    expect(await reader.locator('[data-live-blog-status]').textContent()).toContain('LIVE');

    await signInAs(page, reporter);
    await page.goto(`/edit/${blog.id}`);
    await page.getByRole('button', { name: 'End coverage' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End coverage' }).click();
    const endedAt = Date.now();
    await expect.poll(() => page.getByText('Coverage has ended: readers see the live blog as finished.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Post update' }).count()).toBe(0);
    await expect
      .poll(() => reader.locator('[data-live-blog-status]').textContent(), { timeout: WITHIN, interval: 100 })
      .toContain('Coverage ended');
    console.log(`the end of coverage reached the reader in ${Date.now() - endedAt} ms`);
    await expect.poll(() => reader.locator('[data-live-blog-announce]').textContent()).toContain('Coverage has ended.');
    expect(await notReloaded(reader)).toBe(true);
    expect(pageErrors).toEqual([]);
    await readerContext.close();
  });
});
