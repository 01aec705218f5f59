import { describe, expect, it } from 'vitest';
import { api, createStory, signUp } from './support/api.ts';

describe('a reporter’s own figures and beat assignments', () => {
  it('counts only the reporter’s own published and draft stories and their views, and lists assigned beats', async () => {
    const admin = await signUp('admin');
    const reporter = await signUp('reporter');
    const other = await signUp('reporter');

    const published = await createStory(reporter.token, { status: 'published' });
    await createStory(reporter.token, { status: 'published' });
    await createStory(reporter.token, { status: 'draft' });
    await createStory(reporter.token, { status: 'archived' });
    await createStory(other.token, { status: 'published' });
    await api(`/api/stories/${published.id}/view`, { method: 'POST', json: {} });
    await api(`/api/stories/${published.id}/view`, { method: 'POST', json: {} });

    const politics = await api('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Politics' } });
    const local = await api('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Local News' } });

    const none = await api('/api/analytics/me/figures', { token: reporter.token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      publishedStories: 2,
      draftStories: 1,
      inReviewStories: 0,
      scheduledStories: 0,
      liveStreams: 0,
      totalViews: 2,
      beats: [],
    });

    const assigned = await api(`/api/users/${reporter.user.id}/beats`, {
      method: 'PUT',
      token: admin.token,
      json: { beatIds: [politics.body.id, local.body.id] },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.map((b: { name: string }) => b.name)).toEqual(['Local News', 'Politics']);

    const mine = await api('/api/analytics/me/figures', { token: reporter.token });
    expect(mine.body.beats).toEqual([
      { id: local.body.id, name: 'Local News' },
      { id: politics.body.id, name: 'Politics' },
    ]);

    const replaced = await api(`/api/users/${reporter.user.id}/beats`, { method: 'PUT', token: admin.token, json: { beatIds: [] } });
    expect(replaced.body).toEqual([]);
  });

  it('lets only admins assign beats, and refuses unknown beats without changing anything', async () => {
    const admin = await signUp('admin');
    const reporter = await signUp('reporter');
    const beat = await api('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Investigations' } });
    await api(`/api/users/${reporter.user.id}/beats`, { method: 'PUT', token: admin.token, json: { beatIds: [beat.body.id] } });

    const byReporter = await api(`/api/users/${reporter.user.id}/beats`, { method: 'PUT', token: reporter.token, json: { beatIds: [] } });
    expect(byReporter.status).toBe(403);
    const anonymous = await api('/api/analytics/me/figures');
    expect(anonymous.status).toBe(401);

    const unknown = await api(`/api/users/${reporter.user.id}/beats`, {
      method: 'PUT',
      token: admin.token,
      json: { beatIds: [beat.body.id, 9999] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.beatIds).toBe('Choose beats from the list');
    const still = await api(`/api/users/${reporter.user.id}/beats`, { token: admin.token });
    expect(still.body.map((b: { id: number }) => b.id)).toEqual([beat.body.id]);

    const missingUser = await api('/api/users/9999/beats', { method: 'PUT', token: admin.token, json: { beatIds: [] } });
    expect(missingUser.status).toBe(404);
  });
});
