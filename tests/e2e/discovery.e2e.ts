import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Beat } from '../../src/domain/beats/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './support/site.ts';

/**
 * Issue 13's journeys (docs/product/screens.md: Search, Beat page, Author page, Profile): search
 * from the header on a phone and on a desktop, beat badge to beat page and its second page, byline
 * to author page, a related story, a reporter's bio on their page. The stories they need are
 * arranged through the API in a beat of their own, and removed afterwards.
 */

const PAGE_SIZE = 12;
const WORD = `ibisjourney${Date.now().toString(36)}`;
let author: E2eAccount;
let authorToken: string;
let adminToken: string;
let beat: Beat;
const stories: Story[] = [];

beforeAll(async () => {
  const { admin, reporters } = site();
  author = reporters[0]!;
  authorToken = await apiLogin(author);
  adminToken = await apiLogin(admin);
  const created = await apiCall<Beat>('/api/beats', {
    method: 'POST',
    token: adminToken,
    json: { name: `Journey Beat ${Date.now().toString(36)}`, description: 'Arranged by the discovery journeys.' },
  });
  expect(created.status).toBe(201);
  beat = created.body;
  for (let n = 1; n <= PAGE_SIZE + 2; n++) {
    const res = await apiCall<Story>('/api/stories', {
      method: 'POST',
      token: authorToken,
      json: {
        title: `Journey ${WORD} number ${n}`,
        description: 'Arranged by the discovery journeys.',
        content: `<p>The ${WORD} story ${n}.</p>`,
        status: 'published',
        beatId: beat.id,
      },
    });
    expect(res.status).toBe(201);
    stories.push(res.body);
  }
});

afterAll(async () => {
  for (const story of stories) await apiCall(`/api/stories/${story.id}`, { method: 'DELETE', token: authorToken });
});

const newest = () => stories.at(-1)!;

async function searchFromHeader(page: Page) {
  await page.goto('/');
  const box = page.getByRole('search').first().getByRole('searchbox', { name: 'Search stories' });
  await box.fill(`${WORD} number 3`);
  await box.press('Enter');
  await page.waitForURL(/\/search\?q=/);
  const results = page.getByRole('main').getByRole('article');
  await expect.poll(() => results.first().innerText()).toContain('number 3');
  // The matched words are highlighted.
  expect(await results.first().locator('mark').count()).toBeGreaterThan(0);
  await results
    .first()
    .getByRole('link', { name: `Journey ${WORD} number 3` })
    .click();
  await page.waitForURL(`**/story/${stories[2]!.slug}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(stories[2]!.title);
}

describe('search', () => {
  test('from the header on a desktop window, then opening a result', async ({ page, pageErrors }) => {
    await searchFromHeader(page);
    expect(pageErrors).toEqual([]);
  });

  test('from the header on a phone-sized window, then opening a result', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await searchFromHeader(page);
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto(`/search?q=${WORD}zzzz`);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(`No stories match “${WORD}zzzz”.`);
  });
});

describe('beats, authors and related stories', () => {
  test('a beat badge leads to the beat page, and on to its second page', async ({ page }) => {
    await page.goto(`/story/${newest().slug}`);
    await page.getByRole('list', { name: 'About this story' }).getByRole('link', { name: beat.name }).click();
    await page.waitForURL(`**/beat/${beat.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(beat.name);
    const cards = page.getByRole('main').getByRole('article');
    await expect.poll(() => cards.count()).toBe(PAGE_SIZE);
    expect(await cards.first().getByRole('heading').innerText()).toBe(newest().title);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`**/beat/${beat.slug}?page=2`);
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.last().getByRole('heading').innerText()).toBe(stories[0]!.title);
  });

  test('a byline leads to the author page', async ({ page }) => {
    await page.goto(`/story/${newest().slug}`);
    await page.locator('.article-byline').getByRole('link').click();
    await page.waitForURL(`**/author/${author.username}`);
    const name = author.firstName && author.lastName ? `${author.firstName} ${author.lastName}` : author.username;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(name);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(newest().title);
  });

  test('a related story at the end of a story page opens', async ({ page }) => {
    await page.goto(`/story/${stories[0]!.slug}`);
    const related = page.getByRole('region', { name: `More from ${beat.name}` });
    await expect.poll(() => related.getByRole('article').count()).toBe(3);
    await related.getByRole('article').first().getByRole('link', { name: 'Read Story' }).click();
    await page.waitForURL(`**/story/${newest().slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(newest().title);
  });
});

describe('profile', () => {
  test('a reporter edits their bio and it shows on their author page', async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('auth_token', value), authorToken);
    await page.goto('/profile');
    const bio = `Covers the ${WORD} beat, from the river to the council chamber.`;
    const field = page.getByRole('textbox', { name: 'Bio' });
    await field.waitFor();
    await field.fill(bio);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Notifications (F8)' }).innerText()).toContain('Profile saved');
    await page.goto(`/author/${author.username}`);
    await expect.poll(() => page.getByRole('main').innerText()).toContain(bio);
  });
});

describe('staff search', () => {
  test('a reporter finds their own draft from the dashboard and opens it in the editor', async ({ page }) => {
    const draft = await apiCall<Story>('/api/stories', {
      method: 'POST',
      token: authorToken,
      json: {
        title: `Unfinished ${WORD} draft`,
        description: 'Arranged by the discovery journeys.',
        content: `<p>The ${WORD} draft.</p>`,
        status: 'draft',
        beatId: beat.id,
      },
    });
    expect(draft.status).toBe(201);
    stories.push(draft.body);
    await page.addInitScript((value) => localStorage.setItem('auth_token', value), authorToken);
    await page.goto('/dashboard');
    const box = page.getByRole('searchbox', { name: 'Search your stories' });
    await box.fill(`unfinished ${WORD}`);
    await box.press('Enter');
    const results = page.getByRole('list', { name: `Stories matching “unfinished ${WORD}”` });
    // The status badge (shown in capitals by the style sheet; its text is the label).
    await expect.poll(() => results.textContent()).toContain('Draft');
    await results.getByRole('link', { name: draft.body.title }).click();
    await page.waitForURL(`**/edit/${draft.body.id}`);
  });
});
