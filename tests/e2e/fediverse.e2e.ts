import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { startPeerProcess } from '../../scripts/fediverse-peer/process.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createStoryViaApi, signInAs, unique } from './support/staff.ts';

/**
 * The newsroom in the fediverse, as people meet it (docs/product/api-fediverse.md): a reader copies
 * an author's handle from their page; someone on another server (the test peer, a process of its
 * own with its own signature code) follows the author and gets a signed Accept; the author's new
 * story reaches them; their reply waits in the admin's Fediverse tab until approved, then shows
 * under the story; their like shows on the story's readership card.
 */

const SHOTS = process.env.FEDIVERSE_SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Deliveries can queue behind the fresh site's picture jobs (decision 065): allow them a while. */
const DELIVERED_WITHIN_MS = 180_000;

let peer: Awaited<ReturnType<typeof startPeerProcess>>;
let host: string;

interface Received {
  verified: boolean;
  reason: string | null;
  status: number;
  activity: Record<string, any>;
}

async function received(type: string): Promise<Received[]> {
  const res = await fetch(`${host}/_peer/received?type=${type}`);
  return (await res.json()) as Received[];
}

async function send(actor: string, activity: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${host}/_peer/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ actor, inbox: `${site().baseUrl}/ap/inbox`, activity }),
  });
  return ((await res.json()) as { status: number }).status;
}

beforeAll(async () => {
  peer = await startPeerProcess('127.0.0.1:0');
  host = peer.origins[0]!;
});

afterAll(async () => {
  await peer?.stop();
});

describe('the fediverse', () => {
  test('an author is followed from another server, their story arrives there, and a reply is moderated onto the page', async ({
    page,
    context,
    pageErrors,
  }) => {
    const { baseUrl, admin, reporters } = site();
    const maya = reporters.find((reporter) => reporter.username === 'maya.okafor')!;
    const serverHost = new URL(baseUrl).host;

    // A reader finds "Follow on the fediverse" on the author's page and copies the handle.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto('/author/maya.okafor');
    const follow = page.getByRole('complementary', { name: 'Follow on the fediverse' });
    await expect.poll(() => follow.getByText(`@maya.okafor@${serverHost}`).count(), { timeout: 15_000 }).toBe(1);
    await follow.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByText('Handle copied').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`@maya.okafor@${serverHost}`);
    await shot(page, 'author-page-follow');

    // Someone on the peer looks the handle up and follows; the signed Accept reaches them.
    const finger = await fetch(`${baseUrl}/.well-known/webfinger?resource=acct:maya.okafor@${serverHost}`);
    const actor = ((await finger.json()) as { links: { rel: string; href: string }[] }).links.find((link) => link.rel === 'self')!.href;
    expect(await send('ana', { type: 'Follow', object: actor })).toBe(202);
    await expect
      .poll(async () => (await received('Accept')).filter((entry) => entry.verified).length, {
        timeout: DELIVERED_WITHIN_MS,
        interval: 1000,
      })
      .toBe(1);

    // Maya publishes; the peer gets the Article, signed by her key, and shows it as Mastodon would.
    const token = await apiLogin(maya);
    const story = await createStoryViaApi(token, {
      title: unique('Night market returns'),
      description: 'Forty stalls, three blocks and a brass band.',
      content: '<p>The night market came back to Elm Street on Friday.</p>',
      featuredImageUrl: '/demo/night-market.webp',
      featuredImageAlt: 'Stalls under string lights',
    });
    const articleId = `${baseUrl}/ap/articles/${story.id}`;
    await expect
      .poll(async () => (await received('Create')).filter((entry) => entry.verified && entry.activity.object?.id === articleId).length, {
        timeout: DELIVERED_WITHIN_MS,
        interval: 1000,
      })
      .toBe(1);
    const timeline = await context.newPage();
    await timeline.goto(`${host}/_timeline`);
    await expect.poll(() => timeline.getByText(story.title).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    if (SHOTS) await timeline.screenshot({ path: `${SHOTS}/peer-timeline-article.png`, fullPage: true });
    await timeline.close();

    // Ana replies and likes it.
    const reply = `Great to have it back! ${Date.now()}`;
    expect(
      await send('ana', {
        type: 'Create',
        object: {
          id: `${host}/users/ana/statuses/1`,
          type: 'Note',
          attributedTo: `${host}/users/ana`,
          inReplyTo: articleId,
          content: `<p>${reply}</p>`,
          url: `${host}/users/ana/statuses/1`,
          to: ['https://www.w3.org/ns/activitystreams#Public'],
        },
      }),
    ).toBe(202);
    expect(await send('ana', { type: 'Like', object: articleId })).toBe(202);

    // Not on the page until an admin approves it in the Fediverse tab.
    const reader = await context.newPage();
    await reader.goto(`/story/${story.slug}`);
    expect(await reader.getByText(reply).count()).toBe(0);
    await reader.close();

    const adminPage = await context.newPage();
    await signInAs(adminPage, admin);
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: /Fediverse/ }).click();
    const row = adminPage.getByRole('listitem').filter({ hasText: reply });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await shot(adminPage, 'admin-fediverse-tab');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => adminPage.getByText('Reply approved').count(), { timeout: 15_000 }).toBe(1);

    await page.goto(`/story/${story.slug}`);
    const replies = page.getByRole('region', { name: 'Replies from the fediverse' });
    await expect.poll(() => replies.getByText(reply).count(), { timeout: 15_000 }).toBe(1);
    expect(await replies.getByRole('link', { name: 'Ana' }).getAttribute('href')).toBe(`${host}/users/ana`);
    await shot(page, 'story-with-fediverse-reply');

    // The like and the deliveries show on the story's readership card for its author.
    const editor = await context.newPage();
    await signInAs(editor, maya);
    await editor.goto(`/edit/${story.id}`);
    const card = editor.getByLabel('On the fediverse');
    await expect.poll(() => card.getByTestId('fediverse-likes').textContent(), { timeout: 30_000 }).toBe('1 like');
    await expect.poll(() => card.getByText(/Published/).count(), { timeout: 15_000 }).toBe(1);
    await shot(editor, 'story-readership-fediverse');
    expect(pageErrors).toEqual([]);

    const check = await apiCall<{ likes: number }>(`/api/fediverse/stories/${story.id}`, { token: await apiLogin(admin) });
    expect(check.body.likes).toBe(1);
  }, 420_000);
});
