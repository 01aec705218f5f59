import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { shardOf, VIEW_COUNTER_SHARDS } from '../../src/adapters/readership/sharded-view-counter.ts';
import { createStory, expectError, signUp } from './support/api.ts';
import { AGENTS, TestClock, flushViews, readershipApp, shardStub } from './support/readership.ts';

/**
 * The view beacon's limits (docs/product/api-analytics.md "Limits", decision 070): its content type,
 * referrer hosts bounded where they enter and folded beyond the 50 most seen per story and hour, and
 * a flush that lands whatever D1 takes when one row is refused.
 */

const clock = new TestClock('2026-04-02T09:10:00.000Z');
const call = readershipApp(clock);

let author: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp('admin');
  author = await signUp('reporter');
});

function view(storyId: number, referrer: string, agent: string = AGENTS.desktop) {
  return call<{ views: number }>(`/api/stories/${storyId}/view`, { method: 'POST', headers: { 'User-Agent': agent }, json: { referrer } });
}

async function figures(storyId: number, day = '2026-04-02') {
  const res = await call(`/api/analytics/stories/${storyId}?from=${day}&to=${day}`, { token: author.token });
  expect(res.status, res.text).toBe(200);
  return res.body as { total: number; sources: { source: string; views: number }[]; referrers: { host: string; views: number }[] };
}

/** A host name of `length` characters made of DNS labels: a name no one links from, but a URL parser takes. */
function longHost(length: number): string {
  const labels: string[] = [];
  let left = length - '.example'.length;
  while (left > 0) {
    const label = 'a'.repeat(Math.min(63, left - (labels.length > 0 ? 1 : 0)));
    labels.push(label);
    left -= label.length + (labels.length > 1 ? 1 : 0);
  }
  return `${labels.join('.')}.example`;
}

/** Stories until one per view counter shard. */
async function oneStoryPerShard() {
  const byShard = new Map<number, number>();
  while (byShard.size < VIEW_COUNTER_SHARDS) {
    const story = await createStory(author.token, { status: 'published' });
    if (!byShard.has(shardOf(story.id))) byShard.set(shardOf(story.id), story.id);
  }
  return [...byShard.values()];
}

describe('the beacon’s content type', () => {
  it('answers 415 to a call without Content-Type: application/json, body or not, and counts nothing', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const post = (headers: Record<string, string>, body?: string) =>
      call(`/api/stories/${story.id}/view`, { method: 'POST', headers: { 'User-Agent': AGENTS.desktop, ...headers }, body });
    // What another site's plain form or a no-cors fetch can send without asking the browser first.
    expectError(await post({}), 415, 'unsupported_media_type');
    expectError(await post({ 'Content-Type': 'application/x-www-form-urlencoded' }), 415);
    expectError(await post({ 'Content-Type': 'text/plain' }, '{"referrer":""}'), 415);
    expectError(await post({ 'Content-Type': 'multipart/form-data; boundary=x' }, '--x--'), 415);
    expect((await view(story.id, '')).body).toEqual({ views: 1 });
    // The beacon's body stays optional: the type alone is enough.
    expect((await post({ 'Content-Type': 'application/json; charset=utf-8' })).body).toEqual({ views: 2 });
  });
});

describe('referrer hosts', () => {
  it('counts a host longer than 253 characters, or one that is no DNS name, as other with no host', async () => {
    clock.at = '2026-04-02T09:20:00.000Z';
    const story = await createStory(author.token, { status: 'published' });
    const host = longHost(300);
    expect(host.length).toBe(300);
    expect((await view(story.id, `https://${host}/page`)).status).toBe(200);
    expect((await view(story.id, 'http://[2001:db8::1]/')).status).toBe(200);
    expect((await view(story.id, 'http://203.0.113.9/x')).status).toBe(200);
    expect((await view(story.id, 'https://bad_name.example/')).status).toBe(200);
    expect((await view(story.id, `https://${longHost(253)}/`)).status).toBe(200);
    await flushViews();
    const report = await figures(story.id);
    expect(report.total).toBe(5);
    expect(report.sources).toEqual([{ source: 'other', views: 5 }]);
    expect(report.referrers).toEqual([{ host: longHost(253), views: 1 }]);
  });

  it('keeps every story’s figures flowing after a 300-character host is sent to every shard (the issue’s freeze)', async () => {
    clock.at = '2026-04-02T09:30:00.000Z';
    const stories = await oneStoryPerShard();
    for (const id of stories) expect((await view(id, `https://${longHost(300)}/`)).status).toBe(200);
    for (const id of stories) expect((await view(id, 'https://www.google.com/')).status).toBe(200);
    await flushViews();
    for (const id of stories) {
      const report = await figures(id);
      expect(report.total).toBe(2);
      expect(report.referrers).toEqual([{ host: 'google.com', views: 1 }]);
      const stored = await env.DB.prepare('SELECT views FROM stories WHERE id = ?').bind(id).first<{ views: number }>();
      expect(stored?.views).toBe(2);
    }
  });
});

describe('hosts beyond the 50 most seen per story and hour', () => {
  async function hostRows(storyId: number, hour: string) {
    const { results } = await env.DB.prepare(
      `SELECT referrer_host AS host, source, sum(views) AS views FROM story_view_hours WHERE story_id = ? AND hour = ? GROUP BY referrer_host, source ORDER BY views DESC, host`,
    )
      .bind(storyId, hour)
      .all<{ host: string; source: string; views: number }>();
    return results;
  }

  it('fold into other with no host, across flushes, keeping every view', async () => {
    clock.at = '2026-04-02T11:05:00.000Z';
    const hour = '2026-04-02T11:00:00.000Z';
    const story = await createStory(author.token, { status: 'published' });
    // 40 hosts seen twice, then 20 seen once: the 50 most seen are the 40 and the first 10 of the 20 by name.
    const twice = Array.from({ length: 40 }, (_, i) => `twice-${String(i).padStart(2, '0')}.example`);
    const once = Array.from({ length: 20 }, (_, i) => `once-${String(i).padStart(2, '0')}.example`);
    for (const host of twice) {
      await view(story.id, `https://${host}/a`);
      await view(story.id, `https://${host}/b`, AGENTS.mobile);
    }
    for (const host of once) await view(story.id, `https://${host}/`);
    await flushViews();
    let rows = await hostRows(story.id, hour);
    const named = rows.filter((row) => row.host !== '');
    expect(named).toHaveLength(50);
    expect(new Set(named.map((row) => row.host))).toEqual(new Set([...twice, ...once.slice(0, 10)]));
    expect(rows.find((row) => row.host === '')).toEqual({ host: '', source: 'other', views: 10 });
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(100);

    // The next flush: one of the folded hosts comes back three times and takes a place in the 50 (its views before were
    // folded already and stay in other).
    await view(story.id, 'https://once-19.example/');
    await view(story.id, 'https://once-19.example/');
    await view(story.id, 'https://once-19.example/');
    await view(story.id, 'https://zz-new.example/');
    await flushViews();
    rows = await hostRows(story.id, hour);
    expect(rows.filter((row) => row.host !== '')).toHaveLength(50);
    expect(rows.find((row) => row.host === 'once-19.example')?.views).toBe(3);
    // Seen once, it loses the tie by name; so does once-09, which made way for once-19.
    expect(rows.find((row) => row.host === 'zz-new.example')).toBeUndefined();
    expect(rows.find((row) => row.host === 'once-09.example')).toBeUndefined();
    expect(rows.find((row) => row.host === '')?.views).toBe(12);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(104);
    const report = await figures(story.id);
    expect(report.total).toBe(104);
    expect(report.referrers).toHaveLength(20);

    // Another hour starts with 50 places of its own.
    clock.at = '2026-04-02T12:01:00.000Z';
    await view(story.id, 'https://once-18.example/');
    await flushViews();
    expect(await hostRows(story.id, '2026-04-02T12:00:00.000Z')).toEqual([{ host: 'once-18.example', source: 'other', views: 1 }]);
  });
});

describe('a row D1 refuses', () => {
  it('is set aside and reported while the rest of the flush lands, and the counter is not stuck', async () => {
    clock.at = '2026-04-02T13:05:00.000Z';
    const [story, neighbour] = await Promise.all([
      createStory(author.token, { status: 'published' }),
      createStory(author.token, { status: 'published' }),
    ]);
    await view(story.id, 'https://www.bing.com/');
    await view(neighbour.id, 'https://t.co/abc');
    // A row as an older build (or a bug) could have left in the counter: a host D1's CHECK refuses.
    const refusedHost = 'x'.repeat(300);
    await runInDurableObject(shardStub(shardOf(story.id)), (_counter, state) => {
      state.storage.sql.exec(
        `INSERT INTO counted (batch, story_id, hour, source, referrer_host, device, views) VALUES (0, ?, ?, 'other', ?, 'desktop', 4)`,
        story.id,
        '2026-04-02T13:00:00.000Z',
        refusedHost,
      );
      // Counted views are in the story's exact total too.
      state.storage.sql.exec(`UPDATE totals SET views = views + 4 WHERE story_id = ?`, story.id);
    });
    await flushViews();

    expect((await figures(story.id)).referrers).toEqual([{ host: 'bing.com', views: 1 }]);
    expect((await figures(neighbour.id)).referrers).toEqual([{ host: 't.co', views: 1 }]);
    const stats = await call('/api/analytics/counters', { token: admin.token });
    expect(stats.body).toMatchObject({ rowsSetAside: 1, viewsPending: 0 });
    await runInDurableObject(shardStub(shardOf(story.id)), (_counter, state) => {
      expect(state.storage.sql.exec(`SELECT value FROM meta WHERE name = 'flush'`).toArray()).toEqual([]);
      const setAside = state.storage.sql
        .exec<{ story_id: number; referrer_host: string; views: number }>(`SELECT * FROM set_aside`)
        .toArray();
      expect(setAside).toMatchObject([{ story_id: story.id, referrer_host: refusedHost, views: 4 }]);
    });

    // Only the breakdown row is set aside: the story's views in D1 hold its 4 views.
    const stored = await env.DB.prepare('SELECT views FROM stories WHERE id = ?').bind(story.id).first<{ views: number }>();
    expect(stored?.views).toBe(5);

    // The next views flush as usual.
    await view(story.id, 'https://www.bing.com/');
    await flushViews();
    expect((await figures(story.id)).referrers).toEqual([{ host: 'bing.com', views: 2 }]);
  });
});
