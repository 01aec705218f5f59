import { describe, expect, it } from 'vitest';
import { api, createStory, signUp } from './support/api.ts';

describe('the newsroom API end to end', () => {
  it('lets a reporter sign in, publish a story, and an anonymous reader read and view it', async () => {
    const reporter = await signUp('reporter', { firstName: 'Ada', lastName: 'Lovelace' });
    const me = await api('/api/auth/me', { token: reporter.token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(reporter.user.username);
    expect(me.body).not.toHaveProperty('passwordHash');

    const story = await createStory(reporter.token, { title: 'Hello, World!', status: 'published' });
    expect(story.slug).toBe('hello-world');
    expect(story.version).toBe(1);
    expect(story.publishedAt).not.toBeNull();
    expect(story.author).toEqual({ id: reporter.user.id, firstName: 'Ada', lastName: 'Lovelace', username: reporter.user.username });

    const list = await api('/api/stories?status=published&limit=6');
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([story.id]);

    const bySlug = await api('/api/stories/slug/hello-world');
    expect(bySlug.body.id).toBe(story.id);

    const view = await api(`/api/stories/${story.id}/view`, { method: 'POST', json: {} });
    expect(view.body).toEqual({ views: 1 });

    const again = await createStory(reporter.token, { title: 'Hello, World!' });
    expect(again.slug).toBe('hello-world-2');
  });

  it('answers bad input with a 4xx JSON error and security headers', async () => {
    const res = await api('/api/stories/not-a-number');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    const malformed = await api('/api/auth/login', { method: 'POST', body: '{nope', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBeDefined();
  });
});
