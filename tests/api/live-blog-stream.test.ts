import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker.ts';
import { D1LiveBlogRepository } from '../../src/adapters/d1/d1-live-blog-repository.ts';
import type { LiveBlogUpdate } from '../../src/domain/live-blog/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, signUp } from './support/api.ts';
import { SseReader } from './support/sse.ts';

/** GET /api/stories/{id}/updates/stream (docs/product/api-liveblogs.md): what the reader's page listens to. */

async function open(storyId: number | string, query = '', headers: Record<string, string> = {}) {
  const res = await worker.fetch(
    new Request(`http://newsroom.test/api/stories/${storyId}/updates/stream${query}`, { headers }),
    env,
    createExecutionContext(),
  );
  return res;
}

async function stream(storyId: number, query = '', headers: Record<string, string> = {}) {
  const res = await open(storyId, query, headers);
  expect(res.status).toBe(200);
  return new SseReader(res.body!);
}

const changes = (data: string) => JSON.parse(data) as { updates: LiveBlogUpdate[]; deleted: number[]; cursor: number; coverage: string };

async function liveBlog(token: string, overrides: Record<string, unknown> = {}): Promise<Story> {
  return createStory(token, { format: 'liveblog', status: 'published', ...overrides });
}

async function post(token: string, storyId: number, body: Record<string, unknown>): Promise<LiveBlogUpdate> {
  const res = await api<LiveBlogUpdate>(`/api/stories/${storyId}/updates`, { method: 'POST', token, json: body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('the stream of a live blog’s changes', () => {
  it('sends new, edited and deleted updates and the end of coverage as they happen', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const before = await post(token, blog.id, { body: '<p>Before the reader came</p>' });
    const cursor = (await api(`/api/stories/${blog.id}/updates`)).body.cursor as string;

    const res = await open(blog.id, `?after=${cursor}`);
    expect(res.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('X-Edge-Cache')).toBeNull();
    const reader = new SseReader(res.body!);

    const fresh = await post(token, blog.id, { body: '<p>Breaking</p>', keyEvent: true });
    const first = await reader.waitFor((event) => event.event === 'changes');
    expect(reader.retry).toBe(1000);
    expect(first!.id).toBe(String(fresh.id));
    expect(changes(first!.data)).toEqual({ updates: [fresh], deleted: [], cursor: fresh.id, coverage: 'live' });

    await api(`/api/stories/${blog.id}/updates/${before.id}`, {
      method: 'PUT',
      token,
      json: { body: '<p>Before, corrected</p>', version: 1 },
    });
    await api(`/api/stories/${blog.id}/updates/${fresh.id}`, { method: 'DELETE', token });
    const edits: LiveBlogUpdate[] = [];
    const deleted: number[] = [];
    while (deleted.length === 0 || edits.length === 0) {
      const event = await reader.waitFor((e) => e.event === 'changes');
      expect(event).not.toBeNull();
      edits.push(...changes(event!.data).updates);
      deleted.push(...changes(event!.data).deleted);
    }
    expect(edits.map((u) => [u.id, u.body])).toEqual([[before.id, '<p>Before, corrected</p>']]);
    expect(deleted).toEqual([fresh.id]);

    await api(`/api/stories/${blog.id}/coverage`, { method: 'POST', token, json: { coverage: 'ended' } });
    const ended = await reader.waitFor((event) => changes(event.data).coverage === 'ended');
    expect(changes(ended!.data)).toMatchObject({ updates: [], deleted: [], coverage: 'ended' });
    await reader.close();
  });

  it('starts from a reconnecting browser’s Last-Event-ID, and from now without a cursor', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const a = await post(token, blog.id, { body: '<p>A</p>' });
    const b = await post(token, blog.id, { body: '<p>B</p>' });

    // The browser repeats the URL it first opened: its Last-Event-ID wins over the cursor in it.
    const resumed = await stream(blog.id, '?after=0', { 'Last-Event-ID': String(a.id) });
    const missed = await resumed.waitFor((event) => event.event === 'changes');
    expect(changes(missed!.data).updates.map((u) => u.id)).toEqual([b.id]);
    await resumed.close();

    const fromNow = await stream(blog.id);
    const c = await post(token, blog.id, { body: '<p>C</p>' });
    const next = await fromNow.waitFor((event) => event.event === 'changes');
    expect(changes(next!.data).updates.map((u) => u.id)).toEqual([c.id]);
    await fromNow.close();
  });

  it('is only for published live blogs, and refuses a cursor that is not one', async () => {
    const { token } = await signUp('reporter');
    const draft = await liveBlog(token, { status: 'draft' });
    const article = await createStory(token, { status: 'published' });
    const blog = await liveBlog(token);
    for (const id of [draft.id, article.id, 99_999_999, 'abc']) expect((await open(id)).status, String(id)).toBe(404);
    const bad = await open(blog.id, '?after=-3');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'validation_failed', fields: { after: expect.any(String) } } });
  });

  it('says gone when the live blog stops being public', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const reader = await stream(blog.id);
    expect((await api(`/api/stories/${blog.id}`, { method: 'DELETE', token })).status).toBe(204);
    const gone = await reader.waitFor((event) => event.event === 'gone');
    expect(gone).not.toBeNull();
    expect(await reader.next(2000)).toBeNull();
  });

  it('reads the feed about once a second for all of an isolate’s readers, however many', async () => {
    const { token } = await signUp('reporter');
    const counted = async (readers: number) => {
      const blog = await liveBlog(token);
      const streams = await Promise.all(Array.from({ length: readers }, () => stream(blog.id)));
      const reads = countFeedReads();
      const update = await post(token, blog.id, { body: `<p>To ${readers} readers</p>` });
      const got = await Promise.all(streams.map((s) => s.waitFor((event) => changes(event.data).updates.some((u) => u.id === update.id))));
      expect(got.every((event) => event !== null)).toBe(true);
      const n = reads.stop();
      await Promise.all(streams.map((s) => s.close()));
      return n;
    };
    const few = await counted(3);
    const many = await counted(40);
    expect(few).toBeGreaterThan(0);
    expect(many).toBeLessThanOrEqual(few + 3);
  });
});

/** Counts the feed's change reads the stream route makes (the real repository's method, observed while it runs). */
function countFeedReads(): { stop: () => number } {
  const proto = D1LiveBlogRepository.prototype;
  const original = proto.changes;
  let n = 0;
  proto.changes = function (this: D1LiveBlogRepository, ...args: Parameters<typeof original>) {
    n++;
    return original.apply(this, args);
  };
  return {
    stop: () => {
      proto.changes = original;
      return n;
    },
  };
}
