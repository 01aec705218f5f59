import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../../src/adapters/readership/sharded-view-counter.ts';
import { api, createStory, deps, expectError, signUp } from './support/api.ts';
import {
  AGENTS,
  TestClock,
  counterStorageDump,
  databaseDump,
  flushViews,
  readershipApp,
  shardStub,
  watchedD1,
} from './support/readership.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

const clock = new TestClock('2026-03-10T10:15:00.000Z');
const call = readershipApp(clock);

interface ViewOptions {
  referrer?: string;
  /** The landing URL's utm_medium, as the page's beacon sends it. */
  utmMedium?: string;
  agent?: string;
  at?: string;
  headers?: Record<string, string>;
}

async function view(storyId: number, options: ViewOptions = {}) {
  if (options.at) clock.at = options.at;
  const res = await call<{ views: number }>(`/api/stories/${storyId}/view`, {
    method: 'POST',
    // The beacon's content type, with or without its body.
    headers: { 'User-Agent': options.agent ?? AGENTS.desktop, 'Content-Type': 'application/json', ...options.headers },
    ...(options.referrer === undefined
      ? {}
      : { json: { referrer: options.referrer, ...(options.utmMedium ? { utmMedium: options.utmMedium } : {}) } }),
  });
  expect(res.status, res.text).toBe(200);
  return res.body.views;
}

let admin: Account;
let author: Account;
let other: Account;

beforeAll(async () => {
  admin = await signUp('admin');
  author = await signUp('reporter');
  other = await signUp('reporter');
});

describe('counting a view', () => {
  it('records its UTC hour, source, referrer host and device; the breakdowns arrive with the flush, the count at once', async () => {
    const story = await createStory(author.token, { status: 'published' });
    expect(await view(story.id, { referrer: 'https://www.google.com/', at: '2026-03-10T10:00:00.000Z' })).toBe(1);
    expect(await view(story.id, { referrer: '', agent: AGENTS.mobile, at: '2026-03-10T10:59:59.999Z' })).toBe(2);
    expect(await view(story.id, { referrer: 'https://t.co/xyz', agent: AGENTS.tablet, at: '2026-03-10T11:00:00.000Z' })).toBe(3);
    // No body (only the content type): direct, counted all the same.
    expect(await view(story.id, { at: '2026-03-10T11:30:00.000Z' })).toBe(4);

    const path = `/api/analytics/stories/${story.id}?from=2026-03-10&to=2026-03-10&interval=hour`;
    const before = await call(path, { token: author.token });
    expect(before.body.total).toBe(0);
    expect((await api(`/api/stories/${story.id}`)).body.views).toBe(4);

    await flushViews();
    const after = await call(path, { token: author.token });
    expect(after.status).toBe(200);
    expect(after.body.series).toHaveLength(24);
    expect(after.body.series[0]).toEqual({ t: '2026-03-10T00:00:00.000Z', views: 0 });
    expect(after.body.series[10]).toEqual({ t: '2026-03-10T10:00:00.000Z', views: 2 });
    expect(after.body.series[11]).toEqual({ t: '2026-03-10T11:00:00.000Z', views: 2 });
    expect(after.body.series[12]).toEqual({ t: '2026-03-10T12:00:00.000Z', views: 0 });
    expect(after.body).toEqual({
      total: 4,
      series: expect.any(Array),
      sources: [
        { source: 'direct', views: 2 },
        { source: 'search', views: 1 },
        { source: 'social', views: 1 },
      ],
      referrers: [
        { host: 'google.com', views: 1 },
        { host: 't.co', views: 1 },
      ],
      devices: [
        { device: 'desktop', views: 2 },
        { device: 'mobile', views: 1 },
        { device: 'tablet', views: 1 },
      ],
    });
  });

  it('counts a view reached by a newsletter’s link (utm_medium=email) under email, and links from webmail too', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const setAsideBefore = (await api('/api/analytics/counters', { token: admin.token })).body.rowsSetAside;
    clock.at = '2026-03-10T10:15:00.000Z';
    // A mail app sends no referrer; Gmail on the web sends its own host.
    await view(story.id, { referrer: '', utmMedium: 'email' });
    await view(story.id, { referrer: 'https://mail.google.com/', utmMedium: 'email', agent: AGENTS.mobile });
    // A link forwarded in a mail, no utm: the webmail's host says email.
    await view(story.id, { referrer: 'https://outlook.live.com/' });
    // Another campaign's medium is no email: the referrer decides.
    await view(story.id, { referrer: '', utmMedium: 'social' });
    await flushViews();

    const figures = (await call(`/api/analytics/stories/${story.id}?from=2026-03-10&to=2026-03-10`, { token: author.token })).body;
    expect(figures.total).toBe(4);
    expect(figures.sources).toEqual([
      { source: 'email', views: 3 },
      { source: 'direct', views: 1 },
    ]);
    expect(figures.referrers).toEqual([
      { host: 'mail.google.com', views: 1 },
      { host: 'outlook.live.com', views: 1 },
    ]);
    // D1 kept every breakdown row (none set aside by the table's list of sources).
    expect((await api('/api/analytics/counters', { token: admin.token })).body.rowsSetAside).toBe(setAsideBefore);
  });

  it('does not count bots at all: not in views, not in any figure', async () => {
    const story = await createStory(author.token, { status: 'published' });
    clock.at = '2026-03-11T09:00:00.000Z';
    expect(await view(story.id, { agent: AGENTS.desktop })).toBe(1);
    expect(await view(story.id, { agent: AGENTS.googlebot, referrer: 'https://www.google.com/' })).toBe(1);
    expect(await view(story.id, { agent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' })).toBe(1);
    await flushViews();
    expect((await api(`/api/stories/${story.id}`)).body.views).toBe(1);
    const figures = (await call(`/api/analytics/stories/${story.id}?from=2026-03-11&to=2026-03-11`, { token: author.token })).body;
    expect(figures.total).toBe(1);
    expect(figures.devices).toEqual([{ device: 'desktop', views: 1 }]);
    expect(figures.referrers).toEqual([]);
  });

  it('takes the site’s own pages as direct, with no referrer host', async () => {
    const story = await createStory(author.token, { status: 'published' });
    clock.at = '2026-03-12T09:00:00.000Z';
    await view(story.id, { referrer: 'http://newsroom.test/' });
    await view(story.id, { referrer: 'http://www.newsroom.test/beat/politics' });
    await flushViews();
    const figures = (await call(`/api/analytics/stories/${story.id}?from=2026-03-12&to=2026-03-12`, { token: author.token })).body;
    expect(figures.sources).toEqual([{ source: 'direct', views: 2 }]);
    expect(figures.referrers).toEqual([]);
  });

  it('refuses a body that is not the beacon’s, counting nothing', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const post = (init: { body?: string; json?: unknown; headers?: Record<string, string> }) =>
      call(`/api/stories/${story.id}/view`, { method: 'POST', ...init });
    expect(expectError(await post({ json: { referrer: 'not a url' } }), 400, 'validation_failed').fields).toEqual({
      referrer: 'referrer must be a URL, or empty',
    });
    expect(expectError(await post({ json: { referrer: 42 } }), 400).fields?.referrer).toBeDefined();
    expect(expectError(await post({ json: { referrer: '', utmMedium: 'e'.repeat(101) } }), 400).fields).toEqual({
      utmMedium: 'utmMedium is at most 100 characters',
    });
    expect(expectError(await post({ json: { referrer: '', utmMedium: ['email'] } }), 400).fields?.utmMedium).toBeDefined();
    expect(expectError(await post({ json: { referrer: `https://example.org/${'a'.repeat(2100)}` } }), 400).fields?.referrer).toBeDefined();
    expectError(await post({ body: '{"referrer":', headers: { 'Content-Type': 'application/json' } }), 400, 'validation_failed');
    expectError(
      await post({ body: 'referrer=https://example.org/', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
      415,
    );
    expect((await api(`/api/stories/${story.id}`)).body.views).toBe(0);
    // Unknown fields are ignored; null is no referrer.
    expect((await post({ json: { referrer: null, colour: 'red' } })).body).toEqual({ views: 1 });
  });

  it('sets no cookie', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const res = await call(`/api/stories/${story.id}/view`, { method: 'POST', json: { referrer: '' } });
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });
});

describe('no reader is kept', () => {
  it('stores no IP address and no user agent in any table of D1 or of the view counters', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const ip = '203.0.113.77';
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) UniqueReaderAgent/7.3.1 Gecko/20100101 Firefox/133.0';
    clock.at = '2026-03-13T08:00:00.000Z';
    for (let i = 0; i < 3; i++) {
      await view(story.id, {
        agent,
        referrer: 'https://duckduckgo.com/',
        headers: { 'CF-Connecting-IP': ip, 'X-Forwarded-For': ip, 'X-Real-IP': ip },
      });
    }
    // Once gathering in the counters, once flushed to D1: neither place has the reader.
    expect(await counterStorageDump()).toContain('duckduckgo.com');
    let counters = await counterStorageDump();
    await flushViews();
    counters += await counterStorageDump();
    const { tables, text } = await databaseDump();
    expect(tables).toEqual(
      expect.arrayContaining(['stories', 'story_view_hours', 'view_flushes', 'stream_audience_minutes', 'sessions', 'users']),
    );
    expect(text).toContain('duckduckgo.com');
    for (const dump of [counters, text]) {
      expect(dump).not.toContain(ip);
      expect(dump).not.toContain('UniqueReaderAgent');
      expect(dump).not.toContain('Linux x86_64');
    }
  });
});

describe('no D1 write per view', () => {
  it('writes D1 only when a counter flushes, once per story and breakdown, not per view', async () => {
    const stories = await Promise.all([1, 2, 3].map(() => createStory(author.token, { status: 'published' })));
    await flushViews();
    const watched = watchedD1(env.DB);
    const viewThrough = readershipApp(clock, watched.d1);
    const countersBefore = (await api('/api/analytics/counters', { token: admin.token })).body;
    for (let i = 0; i < 60; i++) {
      const res = await viewThrough(`/api/stories/${stories[i % 3]!.id}/view`, {
        method: 'POST',
        json: { referrer: i % 2 ? 'https://www.bing.com/' : '' },
      });
      expect(res.status).toBe(200);
    }
    // The worker only read D1 to count them (is the story published?); the counters wrote nothing yet.
    expect(watched.writes()).toEqual([]);
    const pending = (await api('/api/analytics/counters', { token: admin.token })).body;
    expect(pending.flushes).toBe(countersBefore.flushes);
    expect(pending.viewsPending).toBe(60);

    await flushViews();
    const after = (await api('/api/analytics/counters', { token: admin.token })).body;
    const shards = new Set(stories.map((story) => shardOf(story.id))).size;
    expect(after.flushes - countersBefore.flushes).toBe(shards);
    expect(after.viewsFlushed - countersBefore.viewsFlushed).toBe(60);
    expect(after.viewsPending).toBe(0);
    // One batch per shard: its flush record, its stories' totals (one statement), its breakdown rows, the fold of the
    // hosts beyond the 50 most seen (two statements), the old ids' pruning.
    expect(after.d1Statements - countersBefore.d1Statements).toBe(shards * 6);
    // D1's own count: 3 stories' totals, 3 x 2 breakdown rows (and their index entries), the flush records; never 60.
    expect(after.d1RowsWritten - countersBefore.d1RowsWritten).toBeGreaterThanOrEqual(3 + 6 + shards);
    expect(after.d1RowsWritten - countersBefore.d1RowsWritten).toBeLessThan(60);
    for (const story of stories) expect((await deps.readership.viewableStory(story.id))!.views).toBe(20);
  });

  it('asks for its flush within VIEW_FLUSH_SECONDS of the first view it has not flushed', async () => {
    const story = await createStory(author.token, { status: 'published' });
    await flushViews();
    const before = Date.now();
    await view(story.id);
    const alarm = await runInDurableObject(shardStub(shardOf(story.id)), (_c, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm! - before).toBeLessThanOrEqual(Number(env.VIEW_FLUSH_SECONDS) * 1000 + 1000);
    expect(Number(env.VIEW_FLUSH_SECONDS)).toBeLessThanOrEqual(60);
  });
});

describe('views stay exact', () => {
  it('reads the exact count everywhere before and after the flush', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const dashboardBefore = (await api('/api/analytics/dashboard', { token: admin.token })).body.totalViews;
    const mineBefore = (await api('/api/analytics/me/figures', { token: author.token })).body.totalViews;
    await Promise.all(Array.from({ length: 25 }, () => view(story.id)));
    const everywhere = async () => ({
      byId: (await api(`/api/stories/${story.id}`)).body.views,
      bySlug: (await api(`/api/stories/slug/${story.slug}`)).body.views,
      inList: (await api(`/api/stories?authorId=${author.user.id}&limit=100`)).body.find((s: { id: number }) => s.id === story.id).views,
      dashboard: (await api('/api/analytics/dashboard', { token: admin.token })).body.totalViews - dashboardBefore,
      mine: (await api('/api/analytics/me/figures', { token: author.token })).body.totalViews - mineBefore,
    });
    const exact = { byId: 25, bySlug: 25, inList: 25, dashboard: 25, mine: 25 };
    expect((await deps.readership.viewableStory(story.id))!.views).toBe(0);
    expect(await everywhere()).toEqual(exact);
    await flushViews();
    expect((await deps.readership.viewableStory(story.id))!.views).toBe(25);
    expect(await everywhere()).toEqual(exact);
  });

  it('answers every concurrent call with its own number, and loses none across a flush', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const first = await Promise.all(Array.from({ length: 40 }, () => view(story.id)));
    const flushing = flushViews();
    const second = await Promise.all(Array.from({ length: 40 }, () => view(story.id)));
    await flushing;
    await flushViews();
    expect([...first, ...second].sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect((await deps.readership.viewableStory(story.id))!.views).toBe(80);
    expect((await api(`/api/stories/${story.id}`)).body.views).toBe(80);
  });

  it('adds a flush once, when it is sent again after its answer was lost', async () => {
    const story = await createStory(author.token, { status: 'published' });
    clock.at = '2026-03-15T08:00:00.000Z';
    for (let i = 0; i < 5; i++) await view(story.id, { referrer: 'https://news.google.com/' });
    // The flush reaches D1, and the object dies before it hears so: the flush stays "in flight".
    await runInDurableObject(shardStub(shardOf(story.id)), async (counter) => {
      const inner = counter as unknown as {
        store: { startFlush(id: string): { id: string; rows: never[] } };
        deps: { flushes: { apply(f: unknown): Promise<unknown> } };
      };
      const flush = inner.store.startFlush(crypto.randomUUID());
      expect(await inner.deps.flushes.apply({ id: flush.id, at: new Date().toISOString(), rows: flush.rows })).toMatchObject({
        outcome: 'applied',
      });
    });
    expect((await deps.readership.viewableStory(story.id))!.views).toBe(5);
    expect((await api(`/api/stories/${story.id}`)).body.views).toBe(5);
    await flushViews();
    expect((await deps.readership.viewableStory(story.id))!.views).toBe(5);
    const figures = (await call(`/api/analytics/stories/${story.id}?from=2026-03-15&to=2026-03-15`, { token: author.token })).body;
    expect(figures.total).toBe(5);
    expect(figures.sources).toEqual([{ source: 'news', views: 5 }]);
    expect(await view(story.id)).toBe(6);
  });
});

describe('ranges and buckets', () => {
  it('fills every day with zeros, oldest first, and splits days at UTC midnight', async () => {
    const story = await createStory(author.token, { status: 'published' });
    await view(story.id, { at: '2026-04-01T23:59:59.999Z' });
    await view(story.id, { at: '2026-04-02T00:00:00.000Z' });
    await view(story.id, { at: '2026-04-04T12:00:00.000Z' });
    await flushViews();
    const figures = (await call(`/api/analytics/stories/${story.id}?from=2026-03-31&to=2026-04-05`, { token: author.token })).body;
    expect(figures.series).toEqual([
      { t: '2026-03-31T00:00:00.000Z', views: 0 },
      { t: '2026-04-01T00:00:00.000Z', views: 1 },
      { t: '2026-04-02T00:00:00.000Z', views: 1 },
      { t: '2026-04-03T00:00:00.000Z', views: 0 },
      { t: '2026-04-04T00:00:00.000Z', views: 1 },
      { t: '2026-04-05T00:00:00.000Z', views: 0 },
    ]);
    expect(figures.total).toBe(3);
    // A range ending at an instant takes the buckets it overlaps.
    const part = (
      await call(`/api/analytics/stories/${story.id}?from=2026-04-01T23:30:00Z&to=2026-04-02T00:30:00Z&interval=hour`, {
        token: author.token,
      })
    ).body;
    expect(part.series).toEqual([
      { t: '2026-04-01T23:00:00.000Z', views: 1 },
      { t: '2026-04-02T00:00:00.000Z', views: 1 },
    ]);
  });

  it('defaults to the last 7 days by day, today included', async () => {
    const story = await createStory(author.token, { status: 'published' });
    clock.at = '2026-04-20T15:00:00.000Z';
    // An instant on the hour: that hour is the newest bucket (it has begun).
    const figures = (await call(`/api/analytics/stories/${story.id}`, { token: author.token })).body;
    expect(figures).toEqual({
      total: 0,
      series: ['14', '15', '16', '17', '18', '19', '20'].map((d) => ({ t: `2026-04-${d}T00:00:00.000Z`, views: 0 })),
      sources: [],
      referrers: [],
      devices: [],
    });
    const hourly = (await call(`/api/analytics/stories/${story.id}?interval=hour`, { token: author.token })).body;
    expect(hourly.series).toHaveLength(168);
    expect(hourly.series.at(-1).t).toBe('2026-04-20T15:00:00.000Z');
  });

  it('allows at most 366 days, and hours for at most 14 days', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const get = (query: string) => call(`/api/analytics/stories/${story.id}?${query}`, { token: author.token });
    expect((await get('from=2025-01-01&to=2026-01-01')).body.series).toHaveLength(366);
    expect(expectError(await get('from=2025-01-01&to=2026-01-02'), 400, 'validation_failed').fields).toEqual({
      from: 'A range is at most 366 days',
    });
    expect((await get('from=2026-02-01&to=2026-02-14&interval=hour')).body.series).toHaveLength(336);
    expect(expectError(await get('from=2026-02-01&to=2026-02-15&interval=hour'), 400).fields).toEqual({
      interval: 'interval=hour is for ranges of at most 14 days; use interval=day',
    });
    expect((await get('from=2026-02-01&to=2026-02-15&interval=day')).status).toBe(200);
    expect(expectError(await get('interval=minute'), 400).fields?.interval).toBe('interval must be hour or day');
    expect(expectError(await get('from=2026-02-10&to=2026-02-01'), 400).fields).toEqual({ to: 'to must be after from' });
    expect(expectError(await get('from=last-week'), 400).fields?.from).toBeDefined();
    expect(expectError(await get('to=2026-02-30'), 400).fields?.to).toBeDefined();
    for (const path of [
      '/api/analytics/site?from=2020-01-01&to=2026-01-01',
      '/api/analytics/me?interval=hour&from=2026-01-01&to=2026-02-01',
    ]) {
      expectError(await call(path, { token: admin.token }), 400, 'validation_failed');
    }
  });
});

describe('who sees which figures', () => {
  it('shows a story’s figures to its author and admins; another reporter is told it does not exist', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const draft = await createStory(author.token, { status: 'draft' });
    expect((await call(`/api/analytics/stories/${story.id}`, { token: author.token })).status).toBe(200);
    expect((await call(`/api/analytics/stories/${story.id}`, { token: admin.token })).status).toBe(200);
    expect((await call(`/api/analytics/stories/${draft.id}`, { token: author.token })).status).toBe(200);
    expectError(await call(`/api/analytics/stories/${story.id}`, { token: other.token }), 404, 'not_found');
    expectError(await call(`/api/analytics/stories/${draft.id}`, { token: other.token }), 404, 'not_found');
    expectError(await call('/api/analytics/stories/999999', { token: admin.token }), 404, 'not_found');
    expectError(await call(`/api/analytics/stories/${story.id}`), 401);
    expect((await api(`/api/stories/${story.id}`, { method: 'DELETE', token: author.token })).status).toBe(204);
    expectError(await call(`/api/analytics/stories/${story.id}`, { token: author.token }), 404, 'not_found');
  });

  it('keeps the site’s figures for admins', async () => {
    expectError(await call('/api/analytics/site', { token: author.token }), 403, 'forbidden');
    expectError(await call('/api/analytics/site'), 401);
    expect((await call('/api/analytics/site', { token: admin.token })).status).toBe(200);
  });
});

describe('the site’s and a reporter’s figures', () => {
  it('add up every story, rank the top ten stories and the beats, and leave deleted stories out', async () => {
    const beat = (await api('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Readership Desk' } })).body;
    const second = (await api('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Readership Floor' } })).body;
    clock.at = '2026-05-01T09:00:00.000Z';
    const mine = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        createStory(author.token, { status: 'published', title: `Mine ${i}`, beatId: i < 6 ? beat.id : second.id }),
      ),
    );
    const theirs = await createStory(other.token, { status: 'published', title: 'Theirs', beatId: second.id });
    const deleted = await createStory(author.token, { status: 'published', title: 'Gone' });
    // Story i gets i + 1 views; theirs 20; the deleted one 50.
    for (const [i, story] of mine.entries()) for (let n = 0; n <= i; n++) await view(story.id, { at: '2026-05-01T09:00:00.000Z' });
    for (let n = 0; n < 20; n++)
      await view(theirs.id, { at: '2026-05-01T10:00:00.000Z', referrer: `https://site${String(n).padStart(2, '0')}.example/` });
    for (let n = 0; n < 50; n++) await view(deleted.id, { at: '2026-05-01T10:00:00.000Z' });
    await api(`/api/stories/${deleted.id}`, { method: 'DELETE', token: author.token });
    await flushViews();

    const range = 'from=2026-05-01&to=2026-05-01';
    const site = (await call(`/api/analytics/site?${range}`, { token: admin.token })).body;
    expect(site.total).toBe(66 + 20);
    expect(site.series).toEqual([{ t: '2026-05-01T00:00:00.000Z', views: 86 }]);
    expect(site.topStories).toHaveLength(10);
    expect(site.topStories[0]).toEqual({ id: theirs.id, slug: theirs.slug, title: 'Theirs', views: 20 });
    expect(site.topStories.slice(1).map((s: { views: number }) => s.views)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(site.topStories.map((s: { id: number }) => s.id)).not.toContain(deleted.id);
    expect(site.beats).toEqual([
      { id: second.id, name: 'Readership Floor', views: 7 + 8 + 9 + 10 + 11 + 20 },
      { id: beat.id, name: 'Readership Desk', views: 1 + 2 + 3 + 4 + 5 + 6 },
    ]);
    expect(site.referrers).toHaveLength(20);
    expect(site.sources).toEqual([
      { source: 'direct', views: 66 },
      { source: 'other', views: 20 },
    ]);
    expect(Object.keys(site).sort()).toEqual(['beats', 'devices', 'referrers', 'series', 'sources', 'topStories', 'total']);

    const me = (await call(`/api/analytics/me?${range}`, { token: author.token })).body;
    expect(me.total).toBe(66);
    expect(Object.keys(me).sort()).toEqual(['devices', 'referrers', 'series', 'sources', 'topStories', 'total']);
    expect(me.topStories).toHaveLength(10);
    expect(me.topStories[0]).toEqual({ id: mine[10]!.id, slug: mine[10]!.slug, title: 'Mine 10', views: 11 });
    expect(me.topStories.map((s: { id: number }) => s.id)).not.toContain(theirs.id);
    expect((await call(`/api/analytics/me?${range}`, { token: other.token })).body.total).toBe(20);
  });
});
