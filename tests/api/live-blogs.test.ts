import { describe, expect, it } from 'vitest';
import type { LiveBlogFeed } from '../../src/domain/live-blog/answers.ts';
import type { LiveBlogUpdate } from '../../src/domain/live-blog/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, expectError, signUp, storedStory, updatePayload } from './support/api.ts';

/** docs/product/api-liveblogs.md, row by row, refusals included. */

async function liveBlog(token: string, overrides: Record<string, unknown> = {}): Promise<Story> {
  return createStory(token, { format: 'liveblog', status: 'published', ...overrides });
}

async function post(token: string | null, storyId: number, body: unknown) {
  return api<LiveBlogUpdate>(`/api/stories/${storyId}/updates`, { method: 'POST', token, json: body });
}

async function posted(token: string, storyId: number, body: Record<string, unknown> | string): Promise<LiveBlogUpdate> {
  const res = await post(token, storyId, typeof body === 'string' ? { body } : body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function feed(storyId: number, query = '', token: string | null = null) {
  return api<LiveBlogFeed>(`/api/stories/${storyId}/updates${query}`, { token });
}

async function edit(token: string | null, storyId: number, updateId: number, body: Record<string, unknown>) {
  return api<LiveBlogUpdate>(`/api/stories/${storyId}/updates/${updateId}`, { method: 'PUT', token, json: body });
}

describe('a story’s format and coverage', () => {
  it('is an article unless a live blog is asked for; a live blog starts live, with the usual fields', async () => {
    const { token } = await signUp('reporter');
    const article = await createStory(token, { status: 'published' });
    expect(article).toMatchObject({ format: 'article', coverage: null, coverageEndedAt: null });

    const blog = await liveBlog(token, {
      title: 'Storm live',
      description: 'Every update as it happens',
      featuredImageUrl: '/media/images/storm.jpg',
      videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
    });
    expect(blog).toMatchObject({
      format: 'liveblog',
      coverage: 'live',
      coverageEndedAt: null,
      title: 'Storm live',
      slug: 'storm-live',
      featuredImageUrl: '/media/images/storm.jpg',
      videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
    });
    expect((await api<Story>(`/api/stories/slug/${blog.slug}`)).body).toMatchObject({ format: 'liveblog', coverage: 'live' });
  });

  it('refuses an unknown format, and keeps the format a story was created with', async () => {
    const { token } = await signUp('reporter');
    const bad = await api('/api/stories', {
      method: 'POST',
      token,
      json: { title: 'T', description: 'D', content: '<p>C</p>', format: 'podcast' },
    });
    expect(expectError(bad, 400, 'validation_failed').fields).toEqual({ format: 'Format must be article or liveblog' });

    const blog = await liveBlog(token);
    const change = await api(`/api/stories/${blog.id}`, { method: 'PUT', token, json: updatePayload(blog, { format: 'article' }) });
    expect(expectError(change, 400).fields).toEqual({ format: 'A story keeps the format it was created with' });
    expect((await storedStory(blog.id))!.format).toBe('liveblog');

    // A save that leaves the format out, or repeats it, keeps it.
    const saved = await api<Story>(`/api/stories/${blog.id}`, { method: 'PUT', token, json: updatePayload(blog, { title: 'Renamed' }) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ format: 'liveblog', coverage: 'live', title: 'Renamed' });
    const same = await api<Story>(`/api/stories/${blog.id}`, {
      method: 'PUT',
      token,
      json: updatePayload(saved.body, { format: 'liveblog' }),
    });
    expect(same.status).toBe(200);
  });
});

describe('GET /api/stories/{id}/updates', () => {
  it('lists a published live blog’s updates to anyone, newest first, with its cursor and coverage', async () => {
    const { token } = await signUp('reporter', { firstName: 'Ada', lastName: 'Obi' });
    const blog = await liveBlog(token);
    const empty = await feed(blog.id);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ updates: [], cursor: '0', more: false, coverage: 'live' });

    const first = await posted(token, blog.id, '<p>First</p>');
    const second = await posted(token, blog.id, '<p>Second</p>');
    const res = await feed(blog.id);
    expect(res.body.updates.map((u) => u.id)).toEqual([second.id, first.id]);
    expect(res.body.updates[0]).toEqual(second);
    expect(res.body.cursor).toBe(String(second.id));
    expect(second).toEqual({
      id: expect.any(Number),
      body: '<p>Second</p>',
      author: { id: expect.any(Number), username: expect.any(String), firstName: 'Ada', lastName: 'Obi' },
      keyEvent: false,
      pinned: false,
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('keeps drafts, scheduled and in-review live blogs as private as drafts', async () => {
    const author = await signUp('reporter');
    const other = await signUp('reporter');
    const admin = await signUp('admin');
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    for (const overrides of [
      { status: 'draft' },
      { status: 'scheduled', publishAt: inAnHour },
      { status: 'in_review' },
      { status: 'archived' },
    ]) {
      const blog = await liveBlog(author.token, overrides);
      await posted(author.token, blog.id, '<p>Prepared before going public</p>');
      expectError(await feed(blog.id), 404, 'not_found');
      expectError(await feed(blog.id, '', other.token), 404, 'not_found');
      expectError(await post(other.token, blog.id, { body: 'Mine too' }), 404, 'not_found');
      expect((await feed(blog.id, '', author.token)).body.updates).toHaveLength(1);
      expect((await feed(blog.id, '', admin.token)).body.updates).toHaveLength(1);
    }
  });

  it('has no feed for an article, a deleted live blog or no story', async () => {
    const { token } = await signUp('reporter');
    const article = await createStory(token, { status: 'published' });
    expectError(await feed(article.id), 404);
    expectError(await post(token, article.id, { body: 'An update' }), 404);
    const blog = await liveBlog(token);
    expect((await api(`/api/stories/${blog.id}`, { method: 'DELETE', token })).status).toBe(204);
    expectError(await feed(blog.id), 404);
    expectError(await feed(99_999_999), 404);
  });

  it('pages older updates with before and limit (at most 100), and says when more are left', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const ids: number[] = [];
    for (let n = 1; n <= 25; n++) ids.push((await posted(token, blog.id, `<p>Update ${n}</p>`)).id);
    const newest = ids.toReversed();

    const page = await feed(blog.id);
    expect(page.body.updates.map((u) => u.id)).toEqual(newest.slice(0, 20));
    expect(page.body.more).toBe(true);
    const older = await feed(blog.id, `?before=${page.body.updates.at(-1)!.id}&limit=3`);
    expect(older.body.updates.map((u) => u.id)).toEqual(newest.slice(20, 23));
    expect(older.body.more).toBe(true);
    const last = await feed(blog.id, `?before=${newest[22]}`);
    expect(last.body.updates.map((u) => u.id)).toEqual(newest.slice(23));
    expect(last.body.more).toBe(false);

    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=x',
      '?after=abc',
      '?after=-1',
      '?before=0',
      '?after=1&before=5',
      '?keyEvent=yes',
    ]) {
      expectError(await feed(blog.id, query), 400, 'validation_failed');
    }
    expect((await feed(blog.id, '?limit=100')).body.updates).toHaveLength(25);
  });

  it('gives, after a cursor, what changed since: new and edited updates, and the ids of deleted ones', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const a = await posted(token, blog.id, '<p>A</p>');
    const b = await posted(token, blog.id, '<p>B</p>');
    const { cursor } = (await feed(blog.id)).body;
    expect((await feed(blog.id, `?after=${cursor}`)).body).toEqual({ updates: [], deleted: [], cursor, more: false, coverage: 'live' });

    const c = await posted(token, blog.id, '<p>C</p>');
    expect((await edit(token, blog.id, a.id, { body: '<p>A, corrected</p>', version: 1 })).status).toBe(200);
    expect((await api(`/api/stories/${blog.id}/updates/${b.id}`, { method: 'DELETE', token })).status).toBe(204);

    const changes = (await feed(blog.id, `?after=${cursor}`)).body;
    expect(changes.updates.map((u) => [u.id, u.body])).toEqual([
      [c.id, '<p>C</p>'],
      [a.id, '<p>A, corrected</p>'],
    ]);
    expect(changes.deleted).toEqual([b.id]);
    expect(Number(changes.cursor)).toBeGreaterThan(Number(cursor));
    expect((await feed(blog.id, `?after=${changes.cursor}`)).body.updates).toEqual([]);
    // An update's id works as a cursor too: what came after it.
    expect((await feed(blog.id, `?after=${a.id}`)).body.updates.map((u) => u.id)).toEqual([c.id, a.id]);
    // A limited page of changes takes the oldest first and says more are waiting.
    const one = (await feed(blog.id, `?after=${cursor}&limit=1`)).body;
    expect(one).toMatchObject({ updates: [{ id: c.id }], deleted: [], more: true });
    expect((await feed(blog.id, `?after=${one.cursor}&limit=1`)).body.updates.map((u) => u.id)).toEqual([a.id]);
  });

  it('filters key events and the pinned update, which the plain feed does not repeat', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const key = await posted(token, blog.id, { body: '<p>Key</p>', keyEvent: true });
    const pinned = await posted(token, blog.id, { body: '<p>Pinned</p>', pinned: true });
    await posted(token, blog.id, '<p>Plain</p>');
    expect((await feed(blog.id)).body.updates).toHaveLength(3);
    expect((await feed(blog.id, '?keyEvent=true')).body.updates.map((u) => u.id)).toEqual([key.id]);
    expect((await feed(blog.id, '?pinned=true')).body.updates.map((u) => u.id)).toEqual([pinned.id]);
  });
});

describe('POST /api/stories/{id}/updates', () => {
  it('lets any reporter or admin post to a published live blog, and nobody signed out', async () => {
    const author = await signUp('reporter');
    const colleague = await signUp('reporter');
    const admin = await signUp('admin');
    const blog = await liveBlog(author.token);
    expectError(await post(null, blog.id, { body: '<p>Anonymous</p>' }), 401, 'unauthenticated');
    expectError(await post('not-a-real-token-0123456789abcdef', blog.id, { body: '<p>Forged</p>' }), 401);
    const byColleague = await posted(colleague.token, blog.id, { body: '<p>From the scene</p>', keyEvent: true });
    expect(byColleague).toMatchObject({ keyEvent: true, pinned: false, author: { id: colleague.user.id } });
    expect((await posted(admin.token, blog.id, '<p>From the desk</p>')).author.id).toBe(admin.user.id);
    expect((await feed(blog.id)).body.updates).toHaveLength(2);
  });

  it('sanitises the body like story content', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const update = await posted(
      token,
      blog.id,
      '<p onclick="steal()">Fire <strong>spreads</strong><script>alert(1)</script><img src="x" onerror="alert(2)"> <a href="javascript:alert(3)">here</a> <a href="https://example.com/map">map</a></p><iframe src="https://evil.example/"></iframe><style>p{}</style>',
    );
    expect(update.body).not.toMatch(/script|onerror|onclick|javascript:|evil\.example|<style/i);
    expect(update.body).toContain('Fire <strong>spreads</strong>');
    expect(update.body).toContain('<a href="https://example.com/map"');
    expect((await feed(blog.id)).body.updates[0]!.body).toBe(update.body);
  });

  it('takes 1 to 20,000 characters of text, and only true or false for the flags', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    for (const body of ['', '   ', '<p> </p>', '<p><script>only a script</script></p>', '<img src="/media/images/a.jpg" alt="">']) {
      expect(expectError(await post(token, blog.id, { body }), 400, 'validation_failed').fields, JSON.stringify(body)).toEqual({
        body: 'Write the update before posting it',
      });
    }
    expect(expectError(await post(token, blog.id, {}), 400).fields).toHaveProperty('body');
    expect(expectError(await post(token, blog.id, { body: 42 }), 400).fields).toHaveProperty('body');
    expect(expectError(await post(token, blog.id, { body: 'x', keyEvent: 'yes' }), 400).fields).toEqual({
      keyEvent: 'Must be true or false',
    });
    expect(expectError(await post(token, blog.id, { body: 'x', pinned: 1 }), 400).fields).toEqual({ pinned: 'Must be true or false' });

    const longest = `<p>${'a'.repeat(20_000)}</p>`;
    expect((await post(token, blog.id, { body: longest })).status).toBe(201);
    expect(expectError(await post(token, blog.id, { body: `<p>${'a'.repeat(20_001)}</p>` }), 400).fields).toEqual({
      body: 'An update must be at most 20,000 characters of text',
    });
    // Text is counted in characters, not bytes or UTF-16 units.
    expect((await post(token, blog.id, { body: `<p>${'🔥'.repeat(20_000)}</p>` })).status).toBe(201);
    // Markup does not count towards the text, only towards what a row may hold.
    expect((await post(token, blog.id, { body: `<p><strong>${'b'.repeat(10)}</strong></p>`.repeat(200) })).status).toBe(201);

    const notJson = await api(`/api/stories/${blog.id}/updates`, {
      method: 'POST',
      token,
      body: 'body=hi',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectError(notJson, 415);
  });

  it('refuses posts once coverage has ended (409), and takes them again when it is reopened', async () => {
    const { token } = await signUp('reporter');
    const colleague = await signUp('reporter');
    const blog = await liveBlog(token);
    await posted(token, blog.id, '<p>Before the end</p>');
    const ended = await api<Story>(`/api/stories/${blog.id}/coverage`, { method: 'POST', token, json: { coverage: 'ended' } });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ coverage: 'ended', coverageEndedAt: expect.any(String) });
    const refused = expectError(await post(colleague.token, blog.id, { body: '<p>Too late</p>' }), 409, 'coverage_ended');
    expect(refused.message).toMatch(/ended/);
    expect((await feed(blog.id)).body).toMatchObject({ coverage: 'ended', updates: [{ body: '<p>Before the end</p>' }] });

    const reopened = await api<Story>(`/api/stories/${blog.id}/coverage`, { method: 'POST', token, json: { coverage: 'live' } });
    expect(reopened.body).toMatchObject({ coverage: 'live', coverageEndedAt: null });
    expect((await post(colleague.token, blog.id, { body: '<p>Back on</p>' })).status).toBe(201);
  });

  it('keeps every one of many reporters’ simultaneous posts, each with its own id', async () => {
    const reporters = await Promise.all(Array.from({ length: 6 }, () => signUp('reporter')));
    const blog = await liveBlog(reporters[0]!.token);
    const results = await Promise.all(reporters.flatMap((r, i) => [1, 2].map((n) => post(r.token, blog.id, { body: `<p>${i}-${n}</p>` }))));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const ids = results.map((r) => r.body.id);
    expect(new Set(ids).size).toBe(12);
    const all = (await feed(blog.id)).body;
    expect(all.updates.map((u) => u.id)).toEqual(ids.toSorted((a, b) => b - a));
    expect(all.cursor).toBe(String(Math.max(...ids)));
  });
});

describe('pinning', () => {
  it('keeps at most one update pinned: pinning another unpins the first', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const first = await posted(token, blog.id, { body: '<p>First pin</p>', pinned: true });
    const { cursor } = (await feed(blog.id)).body;
    const second = await posted(token, blog.id, { body: '<p>Second pin</p>', pinned: true });
    const pinned = (await feed(blog.id, '?pinned=true')).body.updates;
    expect(pinned.map((u) => u.id)).toEqual([second.id]);
    // The first was changed (unpinned): its version moved, and readers following the feed hear of it.
    const changes = (await feed(blog.id, `?after=${cursor}`)).body.updates;
    expect(changes.find((u) => u.id === first.id)).toMatchObject({ pinned: false, version: 2 });

    const repin = await edit(token, blog.id, first.id, { pinned: true, version: 2 });
    expect(repin.body).toMatchObject({ pinned: true, version: 3 });
    expect((await feed(blog.id, '?pinned=true')).body.updates.map((u) => u.id)).toEqual([first.id]);
    expect((await edit(token, blog.id, first.id, { pinned: false, version: 3 })).body.pinned).toBe(false);
    expect((await feed(blog.id, '?pinned=true')).body.updates).toEqual([]);
  });

  it('leaves exactly one pinned when several are pinned at once', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const updates = await Promise.all([1, 2, 3, 4, 5].map((n) => posted(token, blog.id, `<p>${n}</p>`)));
    const pins = await Promise.all(updates.map((u) => edit(token, blog.id, u.id, { pinned: true, version: 1 })));
    // Each pin either won or found its update changed by another pin (stale): never two pinned.
    expect(pins.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await feed(blog.id, '?pinned=true')).body.updates).toHaveLength(1);
    expect((await feed(blog.id)).body.updates.filter((u) => u.pinned)).toHaveLength(1);
  });
});

describe('PUT /api/stories/{id}/updates/{updateId}', () => {
  it('lets the update’s author or an admin change it; another reporter gets 403, one who cannot see the live blog 404', async () => {
    const author = await signUp('reporter');
    const colleague = await signUp('reporter');
    const admin = await signUp('admin');
    const blog = await liveBlog(author.token);
    const update = await posted(author.token, blog.id, '<p>Original</p>');

    expectError(await edit(null, blog.id, update.id, { body: '<p>Anon</p>', version: 1 }), 401);
    const forbidden = expectError(
      await edit(colleague.token, blog.id, update.id, { body: '<p>Not yours</p>', version: 1 }),
      403,
      'forbidden',
    );
    expect(forbidden.message).toBe('Only the update’s author or an admin can change it');
    expectError(await api(`/api/stories/${blog.id}/updates/${update.id}`, { method: 'DELETE', token: colleague.token }), 403, 'forbidden');

    const edited = await edit(author.token, blog.id, update.id, { body: '<p>Edited <script>x</script></p>', keyEvent: true, version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: update.id,
      body: '<p>Edited </p>',
      keyEvent: true,
      pinned: false,
      version: 2,
      createdAt: update.createdAt,
    });
    const byAdmin = await edit(admin.token, blog.id, update.id, { keyEvent: false, version: 2 });
    expect(byAdmin.body).toMatchObject({ body: '<p>Edited </p>', keyEvent: false, version: 3 });

    // The live blog goes back to draft: the colleague can no longer see it, so the update is not found.
    const draft = await api<Story>(`/api/stories/${blog.id}`, {
      method: 'PUT',
      token: author.token,
      json: updatePayload((await storedStory(blog.id))!, { status: 'draft' }),
    });
    expect(draft.status).toBe(200);
    const colleaguePost = await posted(author.token, blog.id, '<p>Still the author’s</p>');
    expectError(await edit(colleague.token, blog.id, colleaguePost.id, { body: '<p>x</p>', version: 1 }), 404);
  });

  it('refuses a stale version with 409 stale_version, the current update and a clear message, and overwrites nothing', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const update = await posted(token, blog.id, '<p>One</p>');
    expect((await edit(token, blog.id, update.id, { body: '<p>Two</p>', version: 1 })).status).toBe(200);
    const stale = await edit(token, blog.id, update.id, { body: '<p>Three, from an old copy</p>', version: 1 });
    const error = expectError(stale, 409, 'stale_version');
    expect(error.message).toBe(
      'Someone else changed this update since you opened it. Their version is shown now; make your change again on it.',
    );
    // The update as it stands, so the editor can show it and the reporter redo the change on it.
    expect((stale.body as any).error.current).toMatchObject({ id: update.id, body: '<p>Two</p>', version: 2 });
    expect((await feed(blog.id)).body.updates[0]).toMatchObject({ body: '<p>Two</p>', version: 2 });
  });

  it('validates the change and finds only updates of that live blog', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const other = await liveBlog(token);
    const update = await posted(token, blog.id, '<p>Here</p>');
    expect(expectError(await edit(token, blog.id, update.id, { body: '<p>No version</p>' }), 400).fields).toEqual({
      version: 'The update version is required to save changes',
    });
    expect(expectError(await edit(token, blog.id, update.id, { body: '<p> </p>', version: 1 }), 400).fields).toEqual({
      body: 'Write the update before posting it',
    });
    expectError(await edit(token, other.id, update.id, { body: '<p>Wrong blog</p>', version: 1 }), 404);
    expectError(await edit(token, blog.id, 99_999_999, { body: '<p>None</p>', version: 1 }), 404);
    expectError(await edit(token, blog.id, 0, { body: '<p>Zero</p>', version: 1 }), 400);
  });

  it('still lets updates be corrected after coverage has ended', async () => {
    const { token } = await signUp('reporter');
    const blog = await liveBlog(token);
    const update = await posted(token, blog.id, '<p>Typo</p>');
    await api(`/api/stories/${blog.id}/coverage`, { method: 'POST', token, json: { coverage: 'ended' } });
    expect((await edit(token, blog.id, update.id, { body: '<p>Fixed</p>', version: 1 })).status).toBe(200);
  });
});

describe('DELETE /api/stories/{id}/updates/{updateId}', () => {
  it('removes the update from the feed for its author or an admin, and only once', async () => {
    const author = await signUp('reporter');
    const admin = await signUp('admin');
    const blog = await liveBlog(author.token);
    const mine = await posted(author.token, blog.id, { body: '<p>Mine</p>', pinned: true });
    const theirs = await posted(author.token, blog.id, '<p>Removed by the desk</p>');
    expectError(await api(`/api/stories/${blog.id}/updates/${mine.id}`, { method: 'DELETE' }), 401);
    expect((await api(`/api/stories/${blog.id}/updates/${mine.id}`, { method: 'DELETE', token: author.token })).status).toBe(204);
    expect((await api(`/api/stories/${blog.id}/updates/${theirs.id}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expectError(await api(`/api/stories/${blog.id}/updates/${mine.id}`, { method: 'DELETE', token: author.token }), 404);
    expectError(await edit(author.token, blog.id, mine.id, { body: '<p>Back?</p>', version: 2 }), 404);
    expect((await feed(blog.id)).body.updates).toEqual([]);
    expect((await feed(blog.id, '?pinned=true')).body.updates).toEqual([]);
    // A new pin is possible: the deleted one no longer holds the place.
    expect((await posted(author.token, blog.id, { body: '<p>New pin</p>', pinned: true })).pinned).toBe(true);
  });
});

describe('POST /api/stories/{id}/coverage', () => {
  it('is for the story’s author or an admin', async () => {
    const author = await signUp('reporter');
    const colleague = await signUp('reporter');
    const admin = await signUp('admin');
    const blog = await liveBlog(author.token);
    const draft = await liveBlog(author.token, { status: 'draft' });
    const end = (token: string | null, id: number, coverage: unknown = 'ended') =>
      api<Story>(`/api/stories/${id}/coverage`, { method: 'POST', token, json: { coverage } });

    expectError(await end(null, blog.id), 401);
    expectError(await end(colleague.token, blog.id), 403, 'forbidden');
    expectError(await end(colleague.token, draft.id), 404);
    expect(expectError(await end(author.token, blog.id, 'paused'), 400).fields).toEqual({ coverage: 'Coverage must be live or ended' });

    const ended = await end(admin.token, blog.id);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: blog.id, coverage: 'ended', version: blog.version });
    expect(Date.parse(ended.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(blog.updatedAt));
    // Ending again keeps the time it ended.
    const again = await end(author.token, blog.id);
    expect(again.body.coverageEndedAt).toBe(ended.body.coverageEndedAt);

    const article = await createStory(author.token, { status: 'published' });
    expectError(await end(author.token, article.id), 409, 'not_liveblog');
    expect((await storedStory(article.id))!.coverage).toBeNull();
  });
});
