import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, expectError, signUp, storedStory, updatePayload, updateStory } from './support/api.ts';

/** Versions stop lost updates (409 stale_version); view counting is exact under concurrency. */

let author: { token: string };
let admin: { token: string };

beforeAll(async () => {
  author = await signUp('reporter');
  admin = await signUp('admin');
});

const put = (token: string, story: Story, overrides: Record<string, unknown>) =>
  api<Story>(`/api/stories/${story.id}`, { method: 'PUT', token, json: updatePayload(story, overrides) });

describe('story versions', () => {
  it('start at 1 and go up by one on every save, delete and restore', async () => {
    const created = await createStory(author.token, { title: 'Versioned' });
    expect(created.version).toBe(1);
    const second = await updateStory(author.token, created, { description: 'Second' });
    expect(second.version).toBe(2);
    const third = await updateStory(admin.token, second, { description: 'Third, by an admin' });
    expect(third.version).toBe(3);
    expect(third.updatedAt >= second.updatedAt).toBe(true);

    expect((await api(`/api/stories/${created.id}`, { method: 'DELETE', token: author.token })).status).toBe(204);
    const restored = await api<Story>(`/api/stories/${created.id}/restore`, { method: 'POST', token: author.token });
    expect(restored.status).toBe(200);
    expect(restored.body.version).toBe(5);
    expect(restored.body.description).toBe('Third, by an admin');
  });

  it('refuses a save with a stale version with 409 stale_version and overwrites nothing', async () => {
    const opened = await createStory(author.token, { title: 'Opened twice', content: '<p>First draft.</p>' });
    const byAdmin = await updateStory(admin.token, opened, { content: '<p>The admin’s edit.</p>' });

    const res = await put(author.token, opened, { title: 'Overwritten?', content: '<p>The author’s late edit.</p>' });
    const error = expectError(res, 409, 'stale_version');
    expect(error.message).toMatch(/changed by someone else/);
    // The answer carries the stored story so the editor can show what changed.
    expect((res.body as unknown as { error: { current: Story } }).error.current).toEqual(byAdmin);

    const stored = await storedStory(opened.id);
    expect(stored).toEqual(byAdmin);
    expect(stored!.version).toBe(2);
    expect((await api(`/api/stories/${opened.id}`, { token: author.token })).body).toEqual(byAdmin);
  });

  it('refuses a version from the future as stale too', async () => {
    const story = await createStory(author.token);
    expectError(await put(author.token, story, { version: story.version + 1, title: 'From the future' }), 409, 'stale_version');
    expect(await storedStory(story.id)).toEqual(story);
  });

  it('lets exactly one of five simultaneous saves of the same version through', async () => {
    const story = await createStory(author.token, { title: 'Contended' });
    const titles = ['One', 'Two', 'Three', 'Four', 'Five'];
    const results = await Promise.all(titles.map((title, i) => put(i % 2 ? admin.token : author.token, story, { title })));

    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.status !== 200)) expectError(loser, 409, 'stale_version');

    const stored = await storedStory(story.id);
    expect(stored!.version).toBe(2);
    expect(stored!.title).toBe(winners[0]!.body.title);
    expect(titles).toContain(stored!.title);
  });

  it('sets publishedAt the first time a story is published and keeps it', async () => {
    const draft = await createStory(author.token, { status: 'draft' });
    expect(draft.publishedAt).toBeNull();
    const published = await updateStory(author.token, draft, { status: 'published' });
    expect(published.publishedAt).not.toBeNull();
    const archived = await updateStory(author.token, published, { status: 'archived' });
    const republished = await updateStory(author.token, archived, { status: 'published' });
    expect(archived.publishedAt).toBe(published.publishedAt);
    expect(republished.publishedAt).toBe(published.publishedAt);
  });
});

describe('view counting', () => {
  it('counts 100 simultaneous views of a published story exactly once each', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const results = await Promise.all(
      Array.from({ length: 100 }, () => api<{ views: number }>(`/api/stories/${story.id}/view`, { method: 'POST', json: {} })),
    );

    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    // Each call saw its own increment: the answers are 1..100, each once.
    expect(results.map((r) => r.body.views).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect((await api<Story>(`/api/stories/${story.id}`)).body.views).toBe(100);
    expect((await storedStory(story.id))!.views).toBe(100);
  });

  it('does not count views of drafts or archived stories, whoever asks', async () => {
    for (const status of ['draft', 'archived'] as const) {
      const story = await createStory(author.token, { status });
      const byAuthor = await Promise.all(
        Array.from({ length: 20 }, () => api(`/api/stories/${story.id}/view`, { method: 'POST', json: {}, token: author.token })),
      );
      expect(byAuthor.map((r) => r.body)).toEqual(Array(20).fill({ views: 0 }));
      const byAdmin = await api(`/api/stories/${story.id}/view`, { method: 'POST', json: {}, token: admin.token });
      expect(byAdmin.body).toEqual({ views: 0 });
      expectError(await api(`/api/stories/${story.id}/view`, { method: 'POST', json: {} }), 404, 'not_found');
      expect((await storedStory(story.id))!.views).toBe(0);
    }
  });

  it('does not count views of a deleted story', async () => {
    const story = await createStory(author.token, { status: 'published' });
    await api(`/api/stories/${story.id}/view`, { method: 'POST', json: {} });
    expect((await api(`/api/stories/${story.id}`, { method: 'DELETE', token: author.token })).status).toBe(204);
    expectError(await api(`/api/stories/${story.id}/view`, { method: 'POST', json: {} }), 404, 'not_found');
    expectError(await api(`/api/stories/${story.id}/view`, { method: 'POST', json: {}, token: author.token }), 404, 'not_found');
    const restored = await api<Story>(`/api/stories/${story.id}/restore`, { method: 'POST', token: author.token });
    expect(restored.body.views).toBe(1);
  });

  it('is not an edit: views leave the version alone, so a reader never makes the editor’s save stale', async () => {
    const story = await createStory(author.token, { status: 'published' });
    await Promise.all(Array.from({ length: 10 }, () => api(`/api/stories/${story.id}/view`, { method: 'POST', json: {} })));
    const saved = await updateStory(author.token, story, { title: 'Edited while being read' });
    expect(saved.version).toBe(story.version + 1);
    expect(saved.views).toBe(10);
  });

  it('counts towards the dashboard total', async () => {
    const before = (await api('/api/analytics/dashboard', { token: admin.token })).body.totalViews;
    const story = await createStory(author.token, { status: 'published' });
    await Promise.all(Array.from({ length: 7 }, () => api(`/api/stories/${story.id}/view`, { method: 'POST', json: {} })));
    expect((await api('/api/analytics/dashboard', { token: admin.token })).body.totalViews).toBe(before + 7);
  });
});
