import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import type { User } from '../../src/domain/users/entities.ts';
import { api, createStory, deleteUser, deps, expectError, login, signUp } from './support/api.ts';

/** Deleting a user deactivates it: stories stay (with their byline), sessions end, the last admin stays. */

let admin: { user: User; token: string };

beforeAll(async () => {
  admin = await signUp('admin');
});

const listUsers = async (token: string) => {
  const res = await api<User[]>('/api/users', { token });
  expect(res.status).toBe(200);
  return res.body;
};

describe('deleting a reporter', () => {
  let reporter: { user: User; token: string; password: string };
  let secondSession: string;
  let published: Story;
  let draft: Story;

  beforeAll(async () => {
    reporter = await signUp('reporter', { firstName: 'Nellie', lastName: 'Bly' });
    secondSession = await login(reporter.user.email, reporter.password);
    published = await createStory(reporter.token, { title: 'Ten Days in a Mad-House', status: 'published' });
    draft = await createStory(reporter.token, { title: 'Unfinished notes', status: 'draft' });
    const before = (await api('/api/analytics/dashboard', { token: admin.token })).body.activeReporters;
    await deleteUser(admin.token, reporter.user.id);
    expect((await api('/api/analytics/dashboard', { token: admin.token })).body.activeReporters).toBe(before - 1);
  });

  it('keeps its published stories public with their byline', async () => {
    const byline = { id: reporter.user.id, firstName: 'Nellie', lastName: 'Bly', username: reporter.user.username };
    const byId = await api<Story>(`/api/stories/${published.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.author).toEqual(byline);
    expect((await api<Story>(`/api/stories/slug/${published.slug}`)).body.author).toEqual(byline);
    const list = await api<Story[]>(`/api/stories?status=published&authorId=${reporter.user.id}`);
    expect(list.body.map((s) => s.id)).toEqual([published.id]);
    expect((await api(`/api/stories/${published.id}/view`, { method: 'POST', json: {} })).body).toEqual({ views: 1 });
  });

  it('keeps its drafts, for an admin to see', async () => {
    expect((await api<Story>(`/api/stories/${draft.id}`, { token: admin.token })).body).toMatchObject({
      id: draft.id,
      title: 'Unfinished notes',
    });
    expect(await deps.stories.findById(draft.id)).not.toBeNull();
  });

  it('ends every one of its sessions at once', async () => {
    for (const token of [reporter.token, secondSession]) {
      expectError(await api('/api/auth/me', { token }), 401, 'unauthenticated');
      expectError(
        await api('/api/stories', { method: 'POST', token, json: { title: 't', description: 'd', content: '<p>c</p>' } }),
        401,
        'unauthenticated',
      );
    }
  });

  it('cannot sign in again, and is told only "Invalid email or password"', async () => {
    const res = await api('/api/auth/login', {
      method: 'POST',
      json: { emailOrUsername: reporter.user.username, password: reporter.password },
    });
    expect(expectError(res, 401, 'invalid_credentials').message).toBe('Invalid email or password');
  });

  it('shows as inactive in the user list, without any password', async () => {
    const users = await listUsers(admin.token);
    const listed = users.find((u) => u.id === reporter.user.id);
    expect(listed).toEqual({ ...reporter.user, isActive: false });
    expect(users.find((u) => u.id === admin.user.id)?.isActive).toBe(true);
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual([
        'bio',
        'createdAt',
        'email',
        'firstName',
        'id',
        'isActive',
        'lastName',
        'role',
        'username',
        'xHandle',
      ]);
    }
  });

  it('answers 404 for a user that does not exist', async () => {
    expectError(await api('/api/users/987654', { method: 'DELETE', token: admin.token }), 404, 'not_found');
  });
});

describe('the last active admin', () => {
  it('cannot delete itself: 409 last_admin, and it stays an active admin', async () => {
    const error = expectError(await api(`/api/users/${admin.user.id}`, { method: 'DELETE', token: admin.token }), 409, 'last_admin');
    expect(error.message).toBe('The last active admin cannot be deleted');
    expect((await api('/api/auth/me', { token: admin.token })).body).toMatchObject({ id: admin.user.id, role: 'admin', isActive: true });
  });

  it('can be deleted by another admin while one stays, and the one left is then the last', async () => {
    const second = await signUp('admin');
    await deleteUser(second.token, admin.user.id);
    expectError(await api('/api/auth/me', { token: admin.token }), 401, 'unauthenticated');
    expectError(await api(`/api/users/${second.user.id}`, { method: 'DELETE', token: second.token }), 409, 'last_admin');
    admin = second;
  });

  it('an admin deleting itself while another admin is active is refused too (cannot_delete_self)', async () => {
    const other = await signUp('admin');
    expectError(await api(`/api/users/${admin.user.id}`, { method: 'DELETE', token: admin.token }), 409, 'cannot_delete_self');
    await deleteUser(admin.token, other.user.id);
  });

  it('survives two admins deleting each other at the same moment: never both go', async () => {
    const a = admin;
    const b = await signUp('admin');
    const [byA, byB] = await Promise.all([
      api(`/api/users/${b.user.id}`, { method: 'DELETE', token: a.token }),
      api(`/api/users/${a.user.id}`, { method: 'DELETE', token: b.token }),
    ]);

    const statuses = [byA.status, byB.status].sort();
    expect(statuses[0]).toBe(204);
    // The loser either got in before its session was revoked (409 last_admin) or just after (401).
    const loser = byA.status === 204 ? byB : byA;
    if (loser.status === 409) expectError(loser, 409, 'last_admin');
    else expectError(loser, 401, 'unauthenticated');

    expect(await deps.users.countActive('admin')).toBe(1);
    const users = await listUsers(byA.status === 204 ? a.token : b.token);
    expect(users.filter((u) => u.role === 'admin' && u.isActive)).toHaveLength(1);
  });
});
