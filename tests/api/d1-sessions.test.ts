import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BOOKMARK_COOKIE, BOOKMARK_HEADER } from '../../src/adapters/http/d1-bookmarks.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { createStory, signUp, storyPayload } from './support/api.ts';
import { compReader } from './support/members.ts';
import { signInReader } from './support/readers.ts';
import { siteApp } from './support/site-app.ts';

/**
 * D1's Sessions API (decision 111) on workerd's own D1: where each request's session starts, and a
 * bookmark carried from a write to the next read. Locally there is one copy of the database, so a
 * read sees a write either way; what is checked is that the bookmark D1 gives is the one that comes
 * back, and that the session a request opens is the one the rules say.
 */

/** The test file's D1, recording where each session was asked to start. */
function recordingD1(starts: string[]): D1Database {
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === 'withSession')
        return (start: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The D1 bookmark inside one the server signed (`{base64url bookmark}.{mac}`). */
function raw(signed: string): string {
  const body = signed.split('.')[0]!.replaceAll('-', '+').replaceAll('_', '/');
  return atob(body);
}

function siteRecordingSessions() {
  const starts: string[] = [];
  const site = siteApp({ env: { ...env, DB: recordingD1(starts) } });
  return { site, starts };
}

describe('each request’s D1 session', () => {
  it('starts anywhere for a read and at the primary for a write, and names its newest bookmark', async () => {
    const reporter = await signUp('reporter');
    const { site, starts } = siteRecordingSessions();

    const read = await site('/api/stories?status=published&limit=3');
    expect(read.status).toBe(200);
    expect(starts.at(-1)).toBe('first-unconstrained');
    expect(read.headers.get(BOOKMARK_HEADER)).toMatch(/\S/);

    const write = await site('/api/stories', { method: 'POST', token: reporter.token, json: storyPayload({ title: 'Bookmarked write' }) });
    expect(write.status).toBe(201);
    expect(starts.at(-1)).toBe('first-primary');
    const bookmark = write.headers.get(BOOKMARK_HEADER)!;
    expect(bookmark).toMatch(/\S/);
    // Bookmarks sort oldest first: the write's is not older than the read before it.
    expect(raw(bookmark) >= raw(read.headers.get(BOOKMARK_HEADER)!)).toBe(true);
    // A token's answers carry the bookmark in the header only: no cookie for API clients.
    expect(write.headers.getSetCookie()).toEqual([]);

    // The next read carries it, and starts after it: it sees the write.
    const story = JSON.parse(write.text) as Story;
    const after = await site(`/api/stories/${story.id}`, { token: reporter.token, headers: { [BOOKMARK_HEADER]: bookmark } });
    expect(starts.at(-1)).toBe(raw(bookmark));
    expect(after.status).toBe(200);
    expect((JSON.parse(after.text) as Story).title).toBe('Bookmarked write');
    expect(raw(after.headers.get(BOOKMARK_HEADER)!) >= raw(bookmark)).toBe(true);
  });

  it('gives a reader’s browser its write’s bookmark in a cookie, and reads its pages after it', async () => {
    const { site, starts } = siteRecordingSessions();
    const asked = await site('/api/readers/signin', { method: 'POST', json: { email: 'bookmark-reader@example.com', newsletters: [] } });
    expect(asked.status).toBe(202);
    const cookie = asked.headers.getSetCookie().find((set) => set.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(cookie).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[^;]+; Path=/; Max-Age=300; HttpOnly; SameSite=Lax$`));
    const bookmark = cookie!.split(';')[0]!.split('=')[1]!;
    expect(bookmark).toBe(asked.headers.get(BOOKMARK_HEADER));

    const page = await site('/', { headers: { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` } });
    expect(page.status).toBe(200);
    expect(starts.at(-1)).toBe(raw(bookmark));
    // Pages and reads never set it: they stay cacheable.
    expect(page.headers.getSetCookie()).toEqual([]);
    expect(page.headers.get(BOOKMARK_HEADER)).toBeNull();

    // A refused write stored nothing to read back, and sets no cookie.
    const refused = await site('/api/readers/signin', { method: 'POST', json: { email: 'not an address' } });
    expect(refused.status).toBe(400);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it('takes only bookmarks it signed: one from the future, forged, would hold the request while D1 waited for it', async () => {
    const reporter = await signUp('reporter');
    const story = await createStory(reporter.token, { status: 'published', title: 'Read with a forged bookmark' });
    const { site, starts } = siteRecordingSessions();
    const signed = (await site('/api/stories?status=published&limit=1')).headers.get(BOOKMARK_HEADER)!;
    const future = '00000fff-ffffffff-ffffffff-00000000000000000000000000000000';
    const forged = [future, `${btoa(future).replaceAll('=', '')}.${signed.split('.')[1]}`, 'first-primary', 'no; spaces', ''];
    for (const carried of forged) {
      const res = await site(`/api/stories/${story.id}`, { headers: { [BOOKMARK_HEADER]: carried } });
      expect(res.status, carried).toBe(200);
      expect((JSON.parse(res.text) as Story).title).toBe('Read with a forged bookmark');
      expect(starts.at(-1), carried).toBe('first-unconstrained');
    }
  });
});

describe('a reader’s own upgrade', () => {
  it('reaches their very next read, with the edge cache and its memory of levels on', async () => {
    const site = siteApp({ edgeCache: { cache: await caches.open('test-upgrade'), namespace: 'upgrade', ttlSeconds: 60 } });
    const reporter = await signUp('reporter');
    const story = await createStory(reporter.token, {
      status: 'published',
      access: 'paid',
      content: '<p>Opening.</p><p>For paying members.</p>',
    });
    const { cookie, reader } = await signInReader('upgrading-reader@example.com');
    const read = async () =>
      JSON.parse((await site(`/api/stories/${story.id}`, { headers: { Cookie: cookie } })).text) as Story & { gated: boolean };

    expect((await read()).gated).toBe(true);
    expect((await read()).gated).toBe(true);
    await compReader((reader as { id: number }).id);
    // Within the isolate's memory of levels (10 s): a level that rises is never remembered.
    expect((await read()).gated).toBe(false);
    const me = await site('/api/readers/me', { headers: { Cookie: cookie } });
    expect(JSON.parse(me.text)).toMatchObject({ membership: { status: 'comped' } });
  });
});
