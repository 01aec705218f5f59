import type { Browser, Page } from 'playwright-core';
import { describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import type { User } from '../../src/domain/users/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { signInAs, unique, uniqueUsername } from './support/staff.ts';

/**
 * Issue 19 items 4, 5 and 8 as readers and staff meet them, at a desktop size and a phone's:
 * bylines by first and last name everywhere (the Add Reporter dialog and the profile screen take
 * them), "Latest" newest first by publication, and a phone's first screen that shows the featured
 * headline under a header that shrinks.
 */
const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
} as const;

async function readerAt(browser: Browser, size: keyof typeof SIZES, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: site().baseUrl, ...SIZES[size] });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

let reporter: { username: string; email: string; password: string; token: string; id: number };
let story: Story;

test('an admin adds a reporter with a first and last name in the Add Reporter dialog', async ({ page, pageErrors }) => {
  await signInAs(page, site().admin);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Add Reporter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Reporter' });
  const username = uniqueUsername('amara');
  await dialog.getByLabel('First name').fill('Amara');
  await dialog.getByLabel('Last name').fill('Nwosu');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(`${username}@example.com`);
  await dialog.getByLabel('Password').fill('a-long-enough-password');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect.poll(() => page.getByText('User created successfully!').count(), { timeout: 15_000 }).toBe(1);
  const users = (await apiCall<User[]>('/api/users', { token: await apiLogin(site().admin) })).body;
  const created = users.find((user) => user.username === username)!;
  expect(created).toMatchObject({ firstName: 'Amara', lastName: 'Nwosu', role: 'reporter' });
  const credentials = { email: `${username}@example.com`, password: 'a-long-enough-password' };
  reporter = { username, ...credentials, token: await apiLogin(credentials), id: created.id };
  expect(pageErrors).toEqual([]);
});

test('“Latest” puts a draft written first and published last at the top (item 5)', async () => {
  const draft = await apiCall<Story>('/api/stories', {
    method: 'POST',
    token: reporter.token,
    json: {
      title: unique('Written first, published last'),
      description: 'A draft that waited.',
      content: '<p>Waited.</p>',
      status: 'draft',
    },
  });
  const other = await apiCall<Story>('/api/stories', {
    method: 'POST',
    token: reporter.token,
    json: { title: unique('Published in between'), description: 'Out first.', content: '<p>Out.</p>', status: 'published' },
  });
  expect(other.status).toBe(201);
  const published = await apiCall<Story>(`/api/stories/${draft.body.id}`, {
    method: 'PUT',
    token: reporter.token,
    json: { ...draft.body, status: 'published', version: draft.body.version },
  });
  expect(published.status).toBe(200);
  story = published.body;
});

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  describe(`at ${size} size`, () => {
    test('the latest story published is the first card, and every byline is “Amara Nwosu” (items 4 and 5)', async ({ browser }) => {
      const home = await readerAt(browser, size, '/');
      const latest = home.getByRole('region', { name: 'Latest Stories' }).getByRole('article');
      expect(await latest.first().getByRole('heading').innerText()).toBe(story.title);
      expect(await latest.first().locator('.story-meta').innerText()).toContain('By Amara Nwosu');
      expect(await home.locator('body').innerText()).not.toContain(`By ${reporter.username}`);

      await home.goto(`/story/${story.slug}`);
      expect((await home.locator('.article-byline').textContent())!.replace(/\s+/g, ' ')).toMatch(
        /^By Amara Nwosu · [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} [AP]M UTC · /,
      );
      await home.goto(`/author/${reporter.username}`);
      expect(await home.getByRole('heading', { level: 1 }).innerText()).toBe('Amara Nwosu');
      await home.goto(`/search?q=${encodeURIComponent('Written first')}`);
      await expect.poll(() => home.locator('.search-result').first().locator('.story-meta').innerText()).toContain('By Amara Nwosu');
      await home.context().close();
    });
  });
}

test('a reporter changes their name on the profile screen, and the bylines follow', async ({ page, pageErrors }) => {
  await signInAs(page, reporter);
  await page.goto('/profile');
  await expect.poll(() => page.getByLabel('First name').inputValue(), { timeout: 15_000 }).toBe('Amara');
  await page.getByLabel('Last name').fill('Nwosu-Okafor');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect.poll(() => page.getByText('Profile saved').count()).toBe(1);
  const reader = await page.context().browser()!.newContext({ baseURL: site().baseUrl });
  const story2 = await reader.newPage();
  await story2.goto(`/story/${story.slug}`);
  expect(await story2.locator('.article-byline').textContent()).toContain('By Amara Nwosu-Okafor');
  await reader.close();
  expect(pageErrors).toEqual([]);
});

describe('a phone’s first screen (item 8)', () => {
  test('shows the featured story’s headline without scrolling, under a header that shrinks to its search row', async ({ browser }) => {
    const page = await readerAt(browser, 'phone', '/');
    const headline = page.locator('.featured-title');
    const box = (await headline.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const header = page.locator('.site-header');
    const atTop = (await header.boundingBox())!;
    expect(atTop.height).toBeLessThanOrEqual(110);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect
      .poll(async () => {
        const shown = (await header.boundingBox())!;
        return Math.round(shown.y + shown.height);
      })
      .toBeLessThanOrEqual(56);
    // What stays is the search row: Home, the search box and Follow, still usable.
    expect(await page.getByRole('searchbox', { name: 'Search stories' }).isVisible()).toBe(true);
    const search = (await page.getByRole('searchbox', { name: 'Search stories' }).boundingBox())!;
    expect(search.y).toBeGreaterThanOrEqual(0);
    expect(search.width).toBeGreaterThan(120);
    await page.context().close();
  });

  test('on a desktop, the header stays whole', async ({ browser }) => {
    const page = await readerAt(browser, 'desktop', '/');
    const header = page.locator('.site-header');
    const atTop = (await header.boundingBox())!;
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(async () => (await header.boundingBox())!.y).toBe(0);
    expect((await header.boundingBox())!.height).toBe(atTop.height);
    await page.context().close();
  });
});
