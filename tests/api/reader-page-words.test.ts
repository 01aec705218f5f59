import { beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeUrl } from '../../src/services/newsletters/subscriptions.ts';
import { api, createStory, deps, signUp } from './support/api.ts';
import { uniqueAddress } from './support/mail.ts';
import { confirmedSubscriber, createNewsletter } from './support/newsletters.ts';
import { siteApp } from './support/site-app.ts';

/**
 * The words readers meet (issue 42): no workflow label on a reader's page, and an unsubscribe link
 * that opens a page in the site's frame, says each thing once and offers one next step.
 */

const site = siteApp();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The reading view's text without its tags, spaces collapsed. */
const mainText = (html: string) =>
  (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const count = (text: string, part: string) => text.split(part).length - 1;

let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  admin = await signUp('admin');
}, 120_000);

describe('a story page', () => {
  it('names no workflow status to a reader: no "Published" badge, only Featured and the beat', async () => {
    const story = await createStory(admin.token, { status: 'published', isFeatured: true });
    const res = await site(`/story/${story.slug}`);
    expect(res.status).toBe(200);
    const badges = /<ul class="badge-list" aria-label="About this story">([\s\S]*?)<\/ul>/.exec(res.text)?.[1] ?? '';
    expect(badges).toContain('Featured');
    expect(badges).not.toMatch(/published/i);
    expect(res.text).not.toContain('badge-status');
  }, 60_000);
});

describe('the unsubscribe page', () => {
  async function subscribedLink() {
    const letter = await createNewsletter(admin.token);
    const email = uniqueAddress();
    await confirmedSubscriber(letter.slug, email);
    const subscription = (await deps.subscriptions.find(letter.id, email))!;
    const link = new URL(await unsubscribeUrl(deps, 'http://newsroom.test', subscription.id, null));
    return { letter, email, token: link.searchParams.get('token')!, apiPath: `${link.pathname}${link.search}` };
  }

  it('is a reader page in the site’s frame: one question, one button that posts back to it; then one next step', async () => {
    const { letter, email, token, apiPath } = await subscribedLink();
    const pagePath = `/newsletters/unsubscribe?${new URLSearchParams({ token })}`;

    const asked = await site(pagePath);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    expect(asked.text).toContain('<meta name="robots" content="noindex">');
    // The site's frame: its header (with the way home) and footer around the question.
    expect(asked.text).toMatch(/<header class="site-header"/);
    expect(asked.text).toMatch(/<footer class="site-footer"/);
    const question = mainText(asked.text);
    expect(question).toContain(`Unsubscribe from ${letter.name}?`);
    expect(count(question, `no more issues of ${letter.name}`)).toBe(1);
    expect(question).not.toMatch(/subscribe again/i);
    const forms = asked.text.match(/<form [^>]*>/g) ?? [];
    expect(forms.filter((form) => form.includes('method="post"'))).toEqual([
      `<form method="post" action="${pagePath.replace(/&/g, '&amp;')}">`,
    ]);
    expect(asked.text).toContain('name="List-Unsubscribe" value="One-Click"');
    // Opening it unsubscribes nobody.
    expect((await deps.subscriptions.find(letter.id, email))!.status).toBe('subscribed');

    const done = await site(pagePath, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: FORM });
    expect(done.status).toBe(200);
    expect(done.text).toMatch(/<header class="site-header"/);
    expect((await deps.subscriptions.find(letter.id, email))!.status).toBe('unsubscribed');
    const after = mainText(done.text);
    expect(after).toContain('You are unsubscribed');
    expect(count(after, letter.name)).toBe(1);
    expect(done.text).not.toContain('name="List-Unsubscribe"');
    expect(/<main[\s\S]*<\/main>/.exec(done.text)![0].match(/<a [^>]*class="button button-primary"[^>]*>/g)).toEqual([
      '<a class="button button-primary" href="/">',
    ]);

    // The same link again, or the mail header's /api address opened in a browser: the reader is told they are out.
    for (const path of [pagePath, apiPath]) {
      const again = await site(path, { headers: { Accept: 'text/html' } });
      expect(again.status, path).toBe(200);
      expect(again.text, path).toMatch(/<header class="site-header"/);
      expect(mainText(again.text), path).toContain('You are unsubscribed');
      expect(again.text, path).not.toContain('name="List-Unsubscribe"');
    }
  }, 120_000);

  it('the mail header’s /api address shows the same page to a browser; a mail client’s one-click POST still gets JSON', async () => {
    const { letter, email, apiPath } = await subscribedLink();
    const page = await site(apiPath);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<header class="site-header"/);
    expect(mainText(page.text)).toContain(`Unsubscribe from ${letter.name}?`);

    const browser = await site(apiPath, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { ...FORM, Accept: 'text/html' } });
    expect(browser.status).toBe(200);
    expect(browser.text).toMatch(/<header class="site-header"/);
    expect(mainText(browser.text)).toContain('You are unsubscribed');
    expect((await deps.subscriptions.find(letter.id, email))!.status).toBe('unsubscribed');

    const client = await api(apiPath, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: FORM });
    expect(client.status).toBe(200);
    expect(client.body).toEqual({ unsubscribed: true });
  }, 120_000);

  it('a link the server did not sign: 400, in the frame, with one way on', async () => {
    const res = await site('/newsletters/unsubscribe?token=forged.AAAA');
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/<header class="site-header"/);
    expect(mainText(res.text)).toContain('This link is not valid');
    expect(res.text).not.toContain('name="List-Unsubscribe"');
    expect(/<main[\s\S]*<\/main>/.exec(res.text)![0].match(/<a [^>]*class="button button-primary"[^>]*>/g)).toHaveLength(1);
  }, 60_000);
});
