import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, deps, expectError, signUp } from './support/api.ts';
import { cameraChunks, publish, sendAll } from './support/live.ts';
import { readObject } from './support/media.ts';
import { siteApp } from './support/site-app.ts';

/** Item 6 (docs/product/api-liveblogs.md, "Video beside words"): a live blog's own live stream, started with its storyId. */

async function liveBlog(token: string, overrides: Record<string, unknown> = {}): Promise<Story> {
  return createStory(token, { format: 'liveblog', status: 'published', ...overrides });
}

const start = (token: string | null, storyId: unknown) => api('/api/streams/start', { method: 'POST', token, json: { storyId } });

describe('a live stream on a live blog', () => {
  it('goes on the live blog’s page and leaves its recording there as the story’s video', async () => {
    const reporter = await signUp('reporter');
    const blog = await liveBlog(reporter.token, { title: 'Wildfire live' });
    const res = await start(reporter.token, blog.id);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ storyId: blog.id, isActive: true });
    expect(await deps.stories.findById(blog.id)).toMatchObject({ isLive: true, format: 'liveblog', title: 'Wildfire live' });
    const active = (await api('/api/streams/active')).body as { storyId: number; slug: string }[];
    expect(active).toContainEqual(expect.objectContaining({ storyId: blog.id, slug: 'wildfire-live' }));
    // The page leads with the live player's frame, above the updates.
    const page = (await siteApp()(`/story/${blog.slug}`)).text;
    expect(page).toContain(
      `<div class="live-slot" data-island="live-player" data-island-props="{&quot;segment&quot;:&quot;${blog.slug}&quot;}">`,
    );
    expect(page.indexOf('<div class="video-frame"></div>')).toBeLessThan(page.indexOf('<section class="live-blog"'));
    // Going live twice on one live blog is refused.
    expectError(await start(reporter.token, blog.id), 409, 'already_live');

    const publisher = await publish(res.body.id, reporter.token);
    await sendAll(publisher, cameraChunks.slice(0, 4));
    expect((await api(`/api/streams/${res.body.id}/end`, { method: 'POST', token: reporter.token })).status).toBe(200);
    await publisher.waitForClose();
    const ended = await deps.stories.findById(blog.id);
    expect(ended).toMatchObject({ isLive: false, status: 'published', format: 'liveblog', coverage: 'live' });
    expect(ended!.videoUrl).toMatch(/^\/media\/streams\/.+\.webm$/);
    expect((await readObject(ended!.videoUrl!.replace('/media/', ''))).length).toBeGreaterThan(0);
    // Updates still go on; the video stays at the top.
    expect(
      (await api(`/api/stories/${blog.id}/updates`, { method: 'POST', token: reporter.token, json: { body: '<p>After the stream</p>' } }))
        .status,
    ).toBe(201);
    expect((await siteApp()(`/story/${blog.slug}`)).text).toContain(`<video src="${ended!.videoUrl}"`);
  });

  it('is for the live blog’s author or an admin, on a published live blog whose coverage is live', async () => {
    const author = await signUp('reporter');
    const colleague = await signUp('reporter');
    const blog = await liveBlog(author.token);
    const draft = await liveBlog(author.token, { status: 'draft' });
    const article = await createStory(author.token, { status: 'published' });
    const ended = await liveBlog(author.token);
    await api(`/api/stories/${ended.id}/coverage`, { method: 'POST', token: author.token, json: { coverage: 'ended' } });

    expectError(await start(null, blog.id), 401);
    expectError(await start(colleague.token, blog.id), 403, 'forbidden');
    expectError(await start(colleague.token, draft.id), 404);
    expectError(await start(author.token, draft.id), 409, 'not_published');
    expectError(await start(author.token, article.id), 409, 'not_liveblog');
    expectError(await start(author.token, ended.id), 409, 'coverage_ended');
    expectError(await start(author.token, 99_999_999), 404);
    expect(expectError(await start(author.token, 'abc'), 400).fields).toEqual({ storyId: 'storyId must be a story id' });
    for (const story of [blog, draft, article, ended]) expect((await deps.stories.findById(story.id))!.isLive).toBe(false);

    // From the recorder's multipart form too.
    const form = new FormData();
    form.append('storyId', String(blog.id));
    const admin = await signUp('admin');
    const res = await api('/api/streams/start', { method: 'POST', token: admin.token, body: form });
    expect(res.status, res.text).toBe(201);
    expect(res.body.storyId).toBe(blog.id);
    await api(`/api/streams/${res.body.id}/end`, { method: 'POST', token: admin.token });
  });
});
