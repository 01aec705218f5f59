import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, signUp } from './support/api.ts';
import { runQueuedJobs } from './support/jobs.ts';
import { mailTo, uniqueAddress } from './support/mail.ts';
import { compReader } from './support/members.ts';
import { confirmedSubscriber, createNewsletter } from './support/newsletters.ts';
import { signInReader } from './support/readers.ts';
import { siteApp } from './support/site-app.ts';

/**
 * A gated story's hidden part reaches nobody without access, on any public surface (issue 29,
 * docs/product/api-members.md, decision 090): one paid story, a sentence only its rest holds, and every
 * page, answer, feed, sitemap, search and mail a reader or a machine can get, read as an anonymous
 * reader and as a free member. A paying member reads the sentence on the page and in the JSON, so the
 * search below is for something that is there.
 */
const HIDDEN_WORD = 'quetzalcoatlus';
const HIDDEN = `The minutes name the ${HIDDEN_WORD} fund as the source of the payments.`;
const OPENING = '<p>The council’s auditors met for six hours on Tuesday.</p><p>Their report runs to ninety pages.</p>';

let story: Story;
let author: { token: string; user: { id: number; username: string } };
let beatSlug: string;
let newsletterSlug: string;
let freeCookie: string;
let paidCookie: string;

beforeAll(async () => {
  const admin = await signUp('admin', { firstName: 'Grace', lastName: 'Hopper' });
  author = admin;
  const beat = await api('/api/beats', { method: 'POST', token: admin.token, json: { name: 'City Hall' } });
  expect(beat.status, beat.text).toBe(201);
  beatSlug = beat.body.slug;
  const letter = await createNewsletter(admin.token);
  newsletterSlug = letter.slug;
  story = await createStory(admin.token, {
    title: 'What the auditors found',
    description: 'Ninety pages on the council’s accounts.',
    content: `${OPENING}<hr data-preview-end=""><p>${HIDDEN}</p><p>The treasurer declined to comment.</p>`,
    access: 'paid',
    beatId: beat.body.id,
    isFeatured: true,
    status: 'published',
  });
  expect(story.access).toBe('paid');
  freeCookie = (await signInReader(uniqueAddress('free'))).cookie;
  const paid = await signInReader(uniqueAddress('paid'));
  await compReader((paid.reader as { id: number }).id);
  paidCookie = paid.cookie;
}, 60_000);

/** Every public address a reader or a crawler can ask for, with the story in it somewhere. */
const surfaces = () => [
  '/',
  `/story/${story.slug}`,
  `/beat/${beatSlug}`,
  `/beat/${beatSlug}/rss.xml`,
  `/author/${author.user.username}`,
  '/search?q=auditors',
  `/search?q=${HIDDEN_WORD}`,
  '/rss.xml',
  '/sitemap.xml',
  '/news-sitemap.xml',
  `/api/stories/${story.id}`,
  `/api/stories/slug/${story.slug}`,
  '/api/stories?status=published',
  '/api/stories/featured',
  '/api/search?q=auditors',
  `/api/search?q=${HIDDEN_WORD}`,
];

describe('a paid story’s hidden part', () => {
  for (const [who, cookie] of [
    ['an anonymous reader', () => undefined],
    ['a free member', () => freeCookie],
  ] as const) {
    it(`is on no page, answer, feed, sitemap or search result ${who} can get`, async () => {
      const site = siteApp();
      const seen: string[] = [];
      for (const path of surfaces()) {
        const res = await site(path, { headers: cookie() ? { Cookie: cookie()! } : {} });
        expect(res.status, path).toBe(200);
        expect(res.text, path).not.toContain('as the source of the payments');
        // A search for the hidden word shows the word it was asked for, and nothing else of the story.
        if (!path.endsWith(`q=${HIDDEN_WORD}`)) expect(res.text, path).not.toContain(HIDDEN_WORD);
        if (res.text.includes('What the auditors found') || res.text.includes(story.slug)) seen.push(path);
      }
      // The story itself is on each of them (the hidden search finds nothing, as it must).
      expect(seen).toEqual(surfaces().filter((path) => !path.endsWith(`q=${HIDDEN_WORD}`)));
    });
  }

  it('is not in the fediverse: the Article in the outbox and by its id carries the opening and a link', async () => {
    const site = siteApp();
    const accept = { Accept: 'application/activity+json' };
    const article = await site(`/ap/articles/${story.id}`, { headers: accept });
    expect(article.status, article.text).toBe(200);
    expect(article.text).toContain('Their report runs to ninety pages.');
    expect(article.text).toContain('Read the full story');
    expect(article.text).not.toContain(HIDDEN_WORD);

    const outbox = await site(`/ap/actors/${author.user.id}/outbox`, { headers: accept });
    expect(outbox.status, outbox.text).toBe(200);
    const first = JSON.parse(outbox.text).first;
    const page = typeof first === 'string' ? await site(new URL(first).pathname + new URL(first).search, { headers: accept }) : outbox;
    expect(page.text).toContain(`/ap/articles/${story.id}`);
    expect(page.text).not.toContain(HIDDEN_WORD);
  });

  it('is not in the newsletter a subscriber gets: the opening and a way to the site', async () => {
    const subscriber = uniqueAddress('subscriber');
    await confirmedSubscriber(newsletterSlug, subscriber);
    const sent = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: newsletterSlug } });
    expect(sent.status, sent.text).toBe(202);
    await runQueuedJobs();
    const mails = await mailTo(subscriber, { count: 2 });
    const issue = mails.at(-1)!;
    expect(issue.subject).toBe('What the auditors found');
    expect(issue.html).toContain('Their report runs to ninety pages.');
    expect(issue.html).toContain('read it on the site');
    expect(issue.html).not.toContain(HIDDEN_WORD);
    expect(issue.text).not.toContain(HIDDEN_WORD);
  });

  it('is read whole by a paying member, on the page and in the JSON', async () => {
    const site = siteApp();
    const page = await site(`/story/${story.slug}`, { headers: { Cookie: paidCookie } });
    expect(page.text).toContain(HIDDEN);
    const json = await site(`/api/stories/${story.id}`, { headers: { Cookie: paidCookie } });
    expect(JSON.parse(json.text)).toMatchObject({ gated: false });
    expect(json.text).toContain(HIDDEN_WORD);
  });
});
