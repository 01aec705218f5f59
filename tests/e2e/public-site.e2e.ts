import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './support/site.ts';

/**
 * Issue 3's reader journeys. They arrange the stories they need through the API (a featured
 * story with a YouTube video, one with an uploaded video, a draft), so they run on any seeded
 * newsroom with an admin and two reporters.
 */

const YOUTUBE_ID = 'aqz-KE-bpKQ';
const UPLOADED_VIDEO = '/media/videos/e2e/harbour-clip.webm';
const POSTER = '/og-image.png';
const PAGE_SIZE = 12;

let author: E2eAccount;
let otherReporter: E2eAccount;
let authorToken: string;
let adminToken: string;
let featured: Story;
let uploaded: Story;
let draft: Story;

async function createStory(token: string, fields: Record<string, unknown>): Promise<Story> {
  const res = await apiCall<Story>('/api/stories', {
    method: 'POST',
    token,
    json: {
      description: 'Arranged by the public-site journeys.',
      content: '<p>Reported for the journeys.</p>',
      status: 'published',
      ...fields,
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Waits until the page is there, footer and all: the worker's reading view, or the app's own rendering. */
async function appReady(page: Page): Promise<void> {
  await page.getByRole('contentinfo').waitFor();
}

/** How long the first interaction with a reader's page may take to show its effect: its island wakes on it, then carries the click out. */
const FIRST_INTERACTION = { timeout: 15_000 };

/** Signed in as `token` from the first request on, as if this browser had logged in before. */
async function signedIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('auth_token', value), token);
}

const viewsText = (views: number) => `${views} ${views === 1 ? 'view' : 'views'}`;

/** The story's current view count, read with a token (signed-in reads bypass the edge cache). */
async function currentViews(story: Story): Promise<number> {
  return (await apiCall<Story>(`/api/stories/${story.id}`, { token: authorToken })).body.views;
}

beforeAll(async () => {
  const { admin, reporters } = site();
  [author, otherReporter] = reporters as [E2eAccount, E2eAccount];
  authorToken = await apiLogin(author);
  adminToken = await apiLogin(admin);
  draft = await createStory(authorToken, { title: 'Journey draft that readers never see', status: 'draft' });
  uploaded = await createStory(authorToken, {
    title: 'Journey story with uploaded footage',
    videoUrl: UPLOADED_VIDEO,
    featuredImageUrl: POSTER,
  });
  featured = await createStory(authorToken, {
    title: 'Journey featured story on YouTube',
    description: 'The featured story the journeys arranged.',
    videoUrl: `https://youtu.be/${YOUTUBE_ID}`,
    featuredImageUrl: POSTER,
    isFeatured: true,
  });
});

// Leave the newsroom as it was found: other journeys may count on its own newest stories.
afterAll(async () => {
  for (const story of [featured, uploaded, draft]) {
    if (story) expect((await apiCall(`/api/stories/${story.id}`, { method: 'DELETE', token: authorToken })).status).toBe(204);
  }
});

describe('home', () => {
  test('shows the hero, the featured story with its video, and the 6 latest stories', async ({ page, pageErrors }) => {
    expect((await page.goto('/'))?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('The Newsroom: Uncensored. Unfiltered. Unapologetic.');
    await expect.poll(() => page.getByText('Uncensored. Unfiltered. Unapologetic.').first().isVisible()).toBe(true);

    const featuredSection = page.getByRole('region', { name: 'Featured Story' });
    await expect.poll(() => featuredSection.getByRole('heading', { name: featured.title }).count()).toBe(1);
    // The video waits behind its facade: the story's picture and a play button; no player yet (decision 070).
    const play = featuredSection.getByRole('button', { name: `Play video: ${featured.title}` });
    await expect.poll(() => play.count()).toBe(1);
    expect(await featuredSection.locator('iframe').count()).toBe(0);
    expect(await play.locator('img').getAttribute('src')).toBe(POSTER);
    expect(await featuredSection.getByRole('link', { name: 'Read Full Story' }).getAttribute('href')).toBe(`/story/${featured.slug}`);
    await expect.poll(() => featuredSection.getByRole('button', { name: `Share: ${featured.title}` }).count()).toBe(1);

    const latest = page.getByRole('region', { name: 'Latest Stories' });
    await expect.poll(() => latest.getByRole('article').count()).toBe(6);
    const published = (await apiCall<Story[]>('/api/stories?status=published&limit=6')).body;
    const titles = await latest.getByRole('article').getByRole('heading').allInnerTexts();
    expect(titles).toEqual(published.map((story) => story.title));
    expect(await page.locator('body').innerText()).not.toContain(draft.title);
    // Cards below the fold load their pictures lazily, at a known size.
    const image = latest.getByRole('article').first().locator('img');
    if ((await image.count()) > 0) {
      expect(await image.getAttribute('loading')).toBe('lazy');
      expect(await image.getAttribute('width')).toBe('1280');
      expect(await image.getAttribute('height')).toBe('720');
    }
    expect(pageErrors).toEqual([]);
  });

  test('opens a story from its card', async ({ page }) => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Latest Stories' }).getByRole('article', { name: uploaded.title });
    await card.getByRole('link', { name: 'Read Story' }).click();
    await page.waitForURL(`**/story/${uploaded.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(uploaded.title);
    await expect.poll(() => page.title()).toBe(`${uploaded.title} – The Newsroom`);
  });

  test('"Latest News" moves to the latest stories and "Watch Live" says when nobody is live', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await page.getByRole('link', { name: 'Latest News' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), FIRST_INTERACTION).toBe('latest-stories');
    await page.getByRole('button', { name: 'Watch Live' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Notifications (F8)' }).innerText()).toContain('No live stream right now');
  });
});

describe('a reader’s page stays the worker’s; only its islands wake (decision 045)', () => {
  test('a reader who only reads runs the small entry and nothing else: no app, no React', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || /\.js$/.test(new URL(request.url()).pathname))
        scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await page.locator('[data-reading-view]').count()).toBe(1);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  });

  test('the first click is carried out by its island, in place: focus stays on that control', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const follow = page.getByRole('button', { name: 'Follow' });
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-expanded'), FIRST_INTERACTION).toBe('true');
    expect(await page.locator('[data-reading-view]').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Follow');
    expect(await page.getByRole('link', { name: 'Main Channel (opens in a new tab)' }).isVisible()).toBe(true);
  });

  test('a story read is counted once', async ({ page }) => {
    const before = await currentViews(uploaded);
    await page.goto(`/story/${uploaded.slug}`);
    await expect.poll(() => page.getByTestId('story-views').innerText()).toBe(viewsText(before + 1));
    await page.getByRole('button', { name: `Share: ${uploaded.title}` }).click();
    await page.waitForTimeout(500);
    expect(await page.locator('[data-reading-view]').count()).toBe(1);
    expect(await page.getByTestId('story-views').innerText()).toBe(viewsText(before + 1));
    expect(await currentViews(uploaded)).toBe(before + 1);
  });

  test('a signed-in reporter gets the header and Edit as islands, on the same page', async ({ page }) => {
    await signedIn(page, authorToken);
    await page.goto(`/story/${uploaded.slug}`);
    await expect.poll(() => page.getByRole('link', { name: 'Edit' }).count(), FIRST_INTERACTION).toBe(1);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Logout' }).count()).toBe(1);
    expect(await page.locator('[data-reading-view]').count()).toBe(1);
  });
});

describe('story viewer', () => {
  test('shows badges, byline, date, views, description, content, share and back links', async ({ page, pageErrors }) => {
    await page.goto(`/story/${featured.slug}`);
    await appReady(page);
    const article = page.getByRole('article', { name: featured.title });
    const about = article.getByRole('list', { name: 'About this story' });
    await expect.poll(() => about.innerText()).toMatch(/Featured/i);
    // No workflow status on a reader's page (issue 42): "Published" says nothing to a reader.
    expect(await about.innerText()).not.toMatch(/published|draft|in review|scheduled|archived/i);
    const byline = await article.locator('.article-byline').innerText();
    const name = author.firstName && author.lastName ? `${author.firstName} ${author.lastName}` : author.username;
    expect(byline).toContain(`By ${name}`);
    expect(byline).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} [AP]M/);
    expect(byline).toMatch(/\d+(\.\d)?K? views?/);
    expect(await article.innerText()).toContain(featured.description);
    expect(await article.innerText()).toContain('Reported for the journeys.');
    expect(await page.getByRole('heading', { name: 'Share this story' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Share Story' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pageErrors).toEqual([]);
  });

  test('counts one view per page load', async ({ page }) => {
    const before = await currentViews(uploaded);
    await page.goto(`/story/${uploaded.slug}`);
    await expect.poll(() => page.getByTestId('story-views').innerText()).toBe(viewsText(before + 1));
    await page.reload();
    await expect.poll(() => page.getByTestId('story-views').innerText()).toBe(viewsText(before + 2));
    // Nothing else counted: one view per load.
    await page.waitForTimeout(500);
    expect(await currentViews(uploaded)).toBe(before + 2);
  });

  test('loads the YouTube player (privacy-enhanced) only on the tap, and plays an uploaded video in a native player with the poster', async ({
    page,
  }) => {
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) thirdParty.push(request.url());
    });
    await page.goto('/');
    const play = page.getByRole('region', { name: 'Featured Story' }).getByRole('button', { name: `Play video: ${featured.title}` });
    await expect.poll(() => play.count()).toBe(1);
    await page.waitForLoadState('load');
    expect(thirdParty).toEqual([]);
    await play.click();
    const player = page.getByRole('region', { name: 'Featured Story' }).locator('iframe');
    await expect
      .poll(() => player.getAttribute('src'))
      .toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1&rel=0&controls=1`);
    expect(await player.getAttribute('allow')).toContain('autoplay');
    expect(thirdParty[0]).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);

    await page.goto(`/story/${featured.slug}`);
    expect(await page.locator('article iframe').count()).toBe(0);
    await page
      .locator('article')
      .getByRole('button', { name: `Play video: ${featured.title}` })
      .click();
    const frame = page.locator('article iframe');
    await expect
      .poll(() => frame.getAttribute('src'))
      .toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1&rel=0&controls=1`);
    expect(await frame.getAttribute('title')).toBe(`Video: ${featured.title}`);

    await page.goto(`/story/${uploaded.slug}`);
    const video = page.locator('article video');
    await expect.poll(() => video.getAttribute('src')).toBe(UPLOADED_VIDEO);
    expect(await video.getAttribute('poster')).toBe(POSTER);
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await page.locator('article iframe').count()).toBe(0);
  });

  test('copies the link with a toast when the device cannot share, and uses the share dialog when it can', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      // This desktop has no share dialog; make sure of it.
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await page.goto(`/story/${uploaded.slug}`);
    await page.getByRole('button', { name: 'Share Story' }).click();
    const notices = page.getByRole('region', { name: 'Notifications (F8)' });
    // The first toast brings the share island and the notices' code in.
    await expect.poll(() => notices.innerText(), FIRST_INTERACTION).toContain('Link copied!');
    expect(await notices.innerText()).toContain('Story link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site().baseUrl}/story/${uploaded.slug}`);
    // One toast at a time: sharing again replaces it.
    await page.getByRole('button', { name: `Share: ${uploaded.title}` }).click();
    await expect.poll(() => notices.getByRole('listitem').count()).toBe(1);

    const sharing = await context.newPage();
    await sharing.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared = [...((window as unknown as { shared?: ShareData[] }).shared ?? []), data];
          return Promise.resolve();
        },
      });
    });
    await sharing.goto(`/story/${uploaded.slug}`);
    await sharing.getByRole('button', { name: 'Share Story' }).click();
    await expect
      .poll(() => sharing.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared))
      .toEqual([{ title: uploaded.title, text: uploaded.description, url: `${site().baseUrl}/story/${uploaded.slug}` }]);
    expect(await sharing.getByRole('region', { name: 'Notifications (F8)' }).innerText()).not.toContain('Link copied!');
  });

  test('shows Edit to the story’s author and to an admin, not to another reporter or a reader', async ({ browser }) => {
    const editLink = async (token: string | null) => {
      const context = await browser.newContext({ baseURL: site().baseUrl });
      const page = await context.newPage();
      if (token) await signedIn(page, token);
      await page.goto(`/story/${uploaded.slug}`);
      await expect.poll(() => page.getByRole('button', { name: 'Share Story' }).count()).toBe(1);
      if (token) await expect.poll(() => page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
      const links = page.getByRole('link', { name: 'Edit', exact: true });
      const href = (await links.count()) > 0 ? await links.getAttribute('href') : null;
      await context.close();
      return href;
    };
    expect(await editLink(authorToken)).toBe(`/edit/${uploaded.id}`);
    expect(await editLink(adminToken)).toBe(`/edit/${uploaded.id}`);
    expect(await editLink(await apiLogin(otherReporter))).toBeNull();
    expect(await editLink(null)).toBeNull();
  });

  test('says "Story Not Found" for a story that does not exist or is not public', async ({ page }) => {
    for (const path of ['/story/no-such-story-anywhere', `/story/${draft.slug}`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Story Not Found');
      expect(await page.getByText("The story you're looking for doesn't exist.").count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Back to Home' }).count()).toBe(1);
    }
  });

  test('lets the author see their own draft', async ({ page }) => {
    await signedIn(page, authorToken);
    await page.goto(`/story/${draft.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(draft.title);
  });

  test('shows an edit to readers as soon as it is saved (the edge cache is refreshed)', async ({ page }) => {
    await page.goto(`/story/${uploaded.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(uploaded.title);
    const current = (await apiCall<Story>(`/api/stories/${uploaded.id}`, { token: authorToken })).body;
    const edited = await apiCall<Story>(`/api/stories/${uploaded.id}`, {
      method: 'PUT',
      token: authorToken,
      json: { ...current, description: 'Updated while the journeys were reading.', beatId: current.beatId, version: current.version },
    });
    expect(edited.status).toBe(200);
    uploaded = edited.body;
    await page.reload();
    await expect.poll(() => page.locator('article').innerText()).toContain('Updated while the journeys were reading.');
  });
});

describe('sign-in', () => {
  test('explains what is missing, refuses a wrong password, and says how passwords are reset', async ({ page }) => {
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Reporter Login' }).count()).toBe(1);
    expect(await page.getByText("Don't have access? Contact your administrator.").count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Email or username is required').count()).toBe(1);
    expect(await page.getByText('Password must be at least 6 characters').count()).toBe(1);
    expect(await page.getByLabel('Email or Username').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('emailOrUsername');

    await page.getByLabel('Email or Username').fill('nobody-by-this-name');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');

    const forgot = page.getByRole('button', { name: 'Forgot password?' });
    await forgot.click();
    expect(await forgot.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText('Ask your newsroom’s administrator for a password reset link.', { exact: false }).isVisible()).toBe(true);
  });

  test('takes a reporter to /dashboard and an admin to /admin, and sends them there again from /login', async ({ browser }) => {
    const signIn = async (account: E2eAccount, identifier: string) => {
      const context = await browser.newContext({ baseURL: site().baseUrl });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email or Username').fill(identifier);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect.poll(() => page.getByRole('region', { name: 'Notifications (F8)' }).innerText()).toContain('Logged in successfully!');
      await page.waitForURL((url) => url.pathname !== '/login');
      const landed = new URL(page.url()).pathname;
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      await page.goto('/login');
      await page.waitForURL((url) => url.pathname !== '/login');
      const again = new URL(page.url()).pathname;
      await context.close();
      return [landed, again];
    };
    expect(await signIn(author, author.username)).toEqual(['/dashboard', '/dashboard']);
    expect(await signIn(site().admin, site().admin.email)).toEqual(['/admin', '/admin']);
  });

  test('logs out: the token is gone and revoked, the caches are cleared and the page goes home', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(author.email);
    await page.getByLabel('Password').fill(author.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    await page.goto(`/story/${draft.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(draft.title);
    const banner = page.getByRole('banner');
    expect(await banner.innerText()).toContain(author.username);
    expect(await banner.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);

    await banner.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => banner.getByRole('link', { name: 'Reporter Login' }).count()).toBe(1);
    expect(await banner.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect((await apiCall('/api/auth/me', { token: token! })).status).toBe(401);
    // What the signed-in reporter could see is not kept for the reader now using this browser.
    await page.goto(`/story/${draft.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Story Not Found');
  });
});

describe('the frame', () => {
  test('shows tabs by role with the current one highlighted', async ({ browser }) => {
    const tabs = async (token: string | null, path: string) => {
      const context = await browser.newContext({ baseURL: site().baseUrl });
      const page = await context.newPage();
      if (token) await signedIn(page, token);
      await page.goto(path);
      await appReady(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect.poll(() => nav.getByRole('link', { name: 'Home' }).count()).toBe(1);
      if (token) await expect.poll(() => page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
      const names = await nav.getByRole('link').allInnerTexts();
      const current = await nav.locator('[aria-current="page"]').allInnerTexts();
      await context.close();
      return { names: names.map((name) => name.toLowerCase()), current: current.map((name) => name.toLowerCase()) };
    };
    expect(await tabs(null, '/')).toEqual({ names: ['home'], current: ['home'] });
    expect(await tabs(authorToken, '/')).toEqual({ names: ['home', 'dashboard'], current: ['home'] });
    expect(await tabs(adminToken, '/about')).toEqual({ names: ['home', 'dashboard', 'admin'], current: [] });
  });

  test('has the social menu and footer links, all reachable by keyboard', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const follow = page.getByRole('button', { name: 'Follow' });
    await follow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => follow.getAttribute('aria-expanded'), FIRST_INTERACTION).toBe('true');
    const menu = page.locator(`#${await follow.getAttribute('aria-controls')}`);
    for (const label of ['Main Channel', 'Shorts', 'Videos', 'Google News', 'TikTok', 'X']) {
      const link = menu.getByRole('link', { name: label });
      expect(await link.getAttribute('target'), label).toBe('_blank');
      expect(await link.getAttribute('rel'), label).toBe('noopener noreferrer');
    }
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Main Channel');
    await page.keyboard.press('Escape');
    expect(await follow.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Follow');

    const footer = page.getByRole('contentinfo');
    for (const label of [
      'Breaking News',
      'Politics',
      'Local News',
      'Investigations',
      'Our Mission',
      'Meet Our Team',
      'Contact Us',
      'Careers',
    ]) {
      expect(await footer.getByRole('link', { name: label }).count(), label).toBe(1);
    }
    // The footer is rendered only near the screen (content-visibility: auto), and innerText reads what is
    // rendered: scroll to it as a reader would, and give the browser the frame it renders it in.
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => footer.innerText()).toMatch(/© \d{4} The Newsroom\. All rights reserved\./);
    await footer.getByRole('link', { name: 'Meet Our Team' }).click();
    await page.waitForURL('**/about#team');
    await expect.poll(() => page.getByRole('heading', { name: 'Meet Our Team' }).isVisible()).toBe(true);
  });

  test('moves focus to the notices with F8, and a toast swiped right goes away', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await page.getByRole('button', { name: 'Watch Live' }).click();
    await expect.poll(() => page.getByText('No live stream right now').count(), FIRST_INTERACTION).toBe(1);
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label'))).toBe('Notifications (F8)');

    // A short drag to the right springs back; one past 50 px dismisses the toast.
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    const box = (await toast.boundingBox())!;
    const drag = async (distance: number) => {
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + distance, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    await drag(30);
    expect(await toast.count()).toBe(1);
    await drag(80);
    await expect.poll(() => toast.count()).toBe(0);
  });

  test('answers an unknown address with the 404 screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('404 Page Not Found');
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(1);
  });
});

describe('/beta', () => {
  // Enough published stories for more than one page, whatever the newsroom holds; removed afterwards.
  const padding: Story[] = [];
  beforeAll(async () => {
    const published = Number((await fetch(`${site().baseUrl}/api/stories?status=published&limit=1`)).headers.get('X-Total-Count'));
    for (let n = published; n <= PAGE_SIZE + 2; n++) {
      padding.push(await createStory(authorToken, { title: `Journey archive story ${padding.length + 1}` }));
    }
  });
  afterAll(async () => {
    for (const story of padding)
      expect((await apiCall(`/api/stories/${story.id}`, { method: 'DELETE', token: authorToken })).status).toBe(204);
  });

  test('shows breaking news and pages through every published story', async ({ page }) => {
    const total = Number((await fetch(`${site().baseUrl}/api/stories?status=published&limit=1`)).headers.get('X-Total-Count'));
    const pages = Math.ceil(total / PAGE_SIZE);
    expect(pages).toBeGreaterThan(1);

    await page.goto('/beta');
    const breaking = page.getByRole('region', { name: featured.title });
    await expect.poll(() => breaking.getByText('BREAKING NEWS').count()).toBe(1);
    expect(await breaking.getByText('LIVE', { exact: true }).count()).toBe(1);
    expect(await breaking.getByRole('link', { name: /Watch on YouTube/ }).getAttribute('href')).toBe(
      `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    );

    const seen = new Set<string>();
    for (let n = 1; n <= pages; n++) {
      const expected = n < pages ? PAGE_SIZE : total - PAGE_SIZE * (pages - 1);
      await expect
        .poll(() => page.getByText(`Showing ${(n - 1) * PAGE_SIZE + 1}–${(n - 1) * PAGE_SIZE + expected} of ${total} stories`).count())
        .toBe(1);
      const titles = await page.locator('.story-grid article h3').allInnerTexts();
      expect(titles).toHaveLength(expected);
      for (const title of titles) seen.add(title);
      if (n < pages) await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    }
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(pages));
    expect(seen.has(featured.title)).toBe(true);
    expect(seen.has(draft.title)).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByText('Next').getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the web without JavaScript', () => {
  test('gets the story’s title, description, picture, canonical and NewsArticle from /story/{slug}', async () => {
    const html = await (await fetch(`${site().baseUrl}/story/${featured.slug}`)).text();
    const canonical = `${site().baseUrl}/story/${featured.slug}`;
    expect(html).toContain(`<meta property="og:title" content="${featured.title}">`);
    expect(html).toContain(`<meta property="og:description" content="${featured.description}">`);
    expect(html).toContain(`<meta property="og:image" content="${site().baseUrl}${POSTER}">`);
    expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: featured.title, url: canonical });
  });

  test('gets RSS and sitemaps that parse as XML and list published stories only', async ({ page }) => {
    await page.goto('/');
    for (const path of ['/rss.xml', '/sitemap.xml', '/news-sitemap.xml']) {
      const text = await (await fetch(`${site().baseUrl}${path}`)).text();
      const parsed = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return { error: doc.getElementsByTagName('parsererror').length, root: doc.documentElement.nodeName };
      }, text);
      expect(parsed, path).toEqual({ error: 0, root: path === '/rss.xml' ? 'rss' : 'urlset' });
      expect(text, path).toContain(`/story/${featured.slug}<`);
      expect(text, path).not.toContain(`/story/${draft.slug}<`);
    }
  });
});

describe('accessibility', () => {
  test('finds no axe violations on home, a story, /beta and the login screen', async ({ page }) => {
    for (const path of ['/', `/story/${uploaded.slug}`, '/beta', '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe').analyze();
      expect(results.violations.map((violation) => `${path}: ${violation.id} (${violation.nodes.length})`)).toEqual([]);
    }
  });
});
