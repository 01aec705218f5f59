import { describe, expect, it } from 'vitest';
import { api, createStory, expectError, signUp } from './support/api.ts';
import { siteApp } from './support/site-app.ts';

const site = siteApp();

// GET /api/stories/{id}/preview: the story's page as the reader's components render it, for the staff who may see it (decision 120).
describe('the staff preview of a story', () => {
  it('is the story page’s article, whole, with its workflow status, for its author and an admin', async () => {
    const author = await signUp('reporter', { firstName: 'Ada', lastName: 'Byline' });
    const admin = await signUp('admin');
    const draft = await createStory(author.token, {
      title: 'Harbour <plan> & more',
      description: 'Not public yet',
      content: '<p>First paragraph.</p><p>Second, for members.</p>',
      status: 'draft',
    });

    for (const token of [author.token, admin.token]) {
      const res = await api(`/api/stories/${draft.id}/preview`, { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.text).toContain('<article class="article" aria-labelledby="story-title">');
      expect(res.text).toContain('<h1 id="story-title" class="article-title">Harbour &lt;plan&gt; &amp; more</h1>');
      expect(res.text).toContain('<li class="badge badge-status badge-draft">Draft</li>');
      expect(res.text).toContain('<a class="article-author" href="/author/');
      expect(res.text).toContain('<div class="article-content"><p>First paragraph.</p><p>Second, for members.</p></div>');
      // Its islands, as on the page: share, and Edit for whoever may edit.
      expect(res.text).toContain('data-island="share"');
      expect(res.text).toContain(
        `data-island="story-edit" data-island-props="{&quot;storyId&quot;:${draft.id},&quot;authorId&quot;:${author.user.id}}"`,
      );
      // Never the frame: the app shows it inside its own screen.
      expect(res.text).not.toContain('<header class="site-header">');
    }
  });

  it('does not exist for anyone who may not see the story, and needs a signed-in user', async () => {
    const author = await signUp('reporter');
    const other = await signUp('reporter');
    const draft = await createStory(author.token, { status: 'draft' });
    expectError(await api(`/api/stories/${draft.id}/preview`, { token: other.token }), 404, 'not_found');
    expectError(await api(`/api/stories/${draft.id}/preview`), 401);
    expectError(await api('/api/stories/999999/preview', { token: author.token }), 404, 'not_found');
    expectError(await api('/api/stories/abc/preview', { token: author.token }), 400);
  });

  it('of a published story shows its status and the related stories of its beat, as its page will', async () => {
    const author = await signUp('reporter');
    const admin = await signUp('admin');
    const beat = await api<{ id: number }>('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Harbour news' } });
    const older = await createStory(author.token, { title: 'Older harbour story', status: 'published', beatId: beat.body.id });
    const story = await createStory(author.token, { title: 'Newer harbour story', status: 'published', beatId: beat.body.id });
    const res = await api(`/api/stories/${story.id}/preview`, { token: author.token });
    expect(res.text).toContain('<li class="badge badge-status badge-published">Published</li>');
    expect(res.text).toContain('More from Harbour news');
    expect(res.text).toContain(`<a href="/story/${older.slug}">Older harbour story</a>`);
    // The reader's own page of the same story says nothing of the workflow (issue 42).
    const page = await site(`/story/${story.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      '<ul class="badge-list" aria-label="About this story"><li><a class="badge" href="/beat/harbour-news">Harbour news</a></li></ul>',
    );
    expect(page.text).not.toContain('badge-status');
  });
});
