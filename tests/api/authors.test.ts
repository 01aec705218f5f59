import { beforeAll, describe, expect, it } from 'vitest';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { api, createStory, deleteUser, deps, expectError, signUp } from './support/api.ts';

/** Author profiles and bios (docs/product/api.md, "Finding the news"). */

let admin: Awaited<ReturnType<typeof signUp>>;
let reporter: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp('admin', { firstName: 'Ada', lastName: 'Desk' });
  reporter = await signUp('reporter', { firstName: 'Maya', lastName: 'Okafor' });
  other = await signUp('reporter');
});

const profile = (username: string) => api(`/api/users/by-username/${encodeURIComponent(username)}/profile`);

describe('GET /api/users/by-username/{username}/profile', () => {
  it('shows a reporter with beats and bio, never the email, whatever the case of the username', async () => {
    const beat = await createBeat(deps, { name: 'Environment', description: 'Air and water' });
    await deps.beats.assign(reporter.user.id, [beat.id], deps.clock.now());
    const res = await profile(reporter.user.username.toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: reporter.user.id,
      username: reporter.user.username,
      firstName: 'Maya',
      lastName: 'Okafor',
      role: 'reporter',
      bio: null,
      xHandle: null,
      beats: [{ id: beat.id, name: 'Environment', slug: 'environment', description: 'Air and water', createdAt: expect.any(String) }],
    });
    expect(res.text).not.toContain('@');
  });

  it('is 404 for an unknown user, a deactivated one, and an admin with nothing published', async () => {
    expectError(await profile('nobody-here'), 404);
    expectError(await profile('not a username!'), 404);
    expectError(await profile(admin.user.username), 404);
    await createStory(admin.token, { title: 'The desk writes', status: 'published' });
    expect((await profile(admin.user.username)).body).toMatchObject({ role: 'admin', firstName: 'Ada' });
    const leaving = await signUp('reporter');
    await createStory(leaving.token, { title: 'Farewell column', status: 'published' });
    expect((await profile(leaving.user.username)).status).toBe(200);
    await deleteUser(admin.token, leaving.user.id);
    expectError(await profile(leaving.user.username), 404);
  });
});

describe('PUT /api/users/{id}', () => {
  const put = (id: number, token: string, json: unknown) => api(`/api/users/${id}`, { method: 'PUT', token, json });

  it('lets a user change their own bio and name, and shows the bio as the plain text it is', async () => {
    const bio = 'Covers <b>courts</b> & city hall.\r\nFormerly at the Ledger.';
    const res = await put(reporter.user.id, reporter.token, { bio });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: reporter.user.id,
      bio: 'Covers <b>courts</b> & city hall.\nFormerly at the Ledger.',
      firstName: 'Maya',
      email: reporter.user.email,
    });
    expect((await profile(reporter.user.username)).body.bio).toBe('Covers <b>courts</b> & city hall.\nFormerly at the Ledger.');
    expect((await put(reporter.user.id, reporter.token, { firstName: 'Maya J.' })).body).toMatchObject({
      firstName: 'Maya J.',
      bio: expect.stringContaining('courts'),
    });
    expect((await put(reporter.user.id, reporter.token, { bio: '   ' })).body.bio).toBeNull();
  });

  it('lets an admin change anyone’s bio, and no one else', async () => {
    expect((await put(other.user.id, admin.token, { bio: 'Written by the desk' })).body.bio).toBe('Written by the desk');
    expectError(await put(other.user.id, reporter.token, { bio: 'Hijacked' }), 403);
    expectError(await put(other.user.id, '', { bio: 'Anonymous' }), 401);
    expectError(await put(987654, admin.token, { bio: 'Nobody' }), 404);
    expectError(await put(987654, reporter.token, { bio: 'Nobody' }), 404);
    expect((await profile(other.user.username)).body.bio).toBe('Written by the desk');
  });

  it('refuses a bio over 500 characters, and never takes the role or email from the body', async () => {
    expect(expectError(await put(reporter.user.id, reporter.token, { bio: 'x'.repeat(501) }), 400).fields).toEqual({
      bio: 'A bio must be at most 500 characters',
    });
    expect((await put(reporter.user.id, reporter.token, { bio: 'x'.repeat(500) })).status).toBe(200);
    const res = await put(reporter.user.id, reporter.token, { role: 'admin', email: 'taken@evil.test', isActive: false });
    expect(res.body).toMatchObject({ role: 'reporter', email: reporter.user.email, isActive: true });
  });
});
