import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LAST_SEEN_EVERY_SECONDS } from '../../src/adapters/http/middleware/authenticate.ts';
import { api, expectError, login, signUp } from './support/api.ts';

/** A user's own sessions (docs/product/api-sign-in-security.md#sessions) and changing one's password. */

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

async function loginWith(username: string, password: string, userAgent: string): Promise<string> {
  const res = await api('/api/auth/login', {
    method: 'POST',
    json: { emailOrUsername: username, password },
    headers: { 'User-Agent': userAgent },
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

const list = (token: string) =>
  api<{ id: number; createdAt: string; lastSeenAt: string; userAgent: string | null; current: boolean }[]>('/api/auth/sessions', { token });

describe('listing sessions', () => {
  it('lists the caller’s live sessions only, with the device’s user agent and which one is this', async () => {
    const { user, password } = await signUp('reporter', { username: 'lister' });
    const laptop = await loginWith(user.username, password, CHROME);
    const phone = await loginWith(user.username, password, IPHONE);
    const other = await signUp('reporter');
    await loginWith(other.user.username, other.password, CHROME);

    const res = await list(laptop);
    expect(res.status).toBe(200);
    // The one from signUp, the laptop, the phone; nothing of the other user's.
    expect(res.body).toHaveLength(3);
    for (const session of res.body) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);
    }
    expect(res.body.filter((s) => s.current)).toEqual([expect.objectContaining({ userAgent: CHROME })]);
    expect(res.body.map((s) => s.userAgent)).toContain(IPHONE);
    expect((await list(phone)).body.find((s) => s.current)?.userAgent).toBe(IPHONE);
    // A signed-out session is not listed.
    expect((await api('/api/auth/logout', { method: 'POST', token: phone })).status).toBe(204);
    expect((await list(laptop)).body.map((s) => s.userAgent)).not.toContain(IPHONE);
  });

  it('writes "last seen" at most once every few minutes per session', async () => {
    const { user, token } = await signUp('reporter');
    const lastSeen = async () =>
      (await env.DB.prepare('SELECT last_seen_at FROM sessions WHERE user_id = ?').bind(user.id).first<{ last_seen_at: string }>())!
        .last_seen_at;
    const first = await lastSeen();
    await api('/api/auth/me', { token });
    expect(await lastSeen()).toBe(first);
    const long = new Date(Date.now() - (LAST_SEEN_EVERY_SECONDS + 5) * 1000).toISOString();
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ? WHERE user_id = ?').bind(long, user.id).run();
    await api('/api/auth/me', { token });
    const touched = await lastSeen();
    expect(touched > long).toBe(true);
    await api('/api/auth/me', { token });
    expect(await lastSeen()).toBe(touched);
    expect((await list(token)).body[0]!.lastSeenAt).toBe(touched);
  });

  it('needs a signed-in caller', async () => {
    expectError(await api('/api/auth/sessions'), 401, 'unauthenticated');
    expectError(await api('/api/auth/sessions/1', { method: 'DELETE' }), 401, 'unauthenticated');
    expectError(await api('/api/auth/sessions', { method: 'DELETE' }), 401, 'unauthenticated');
  });
});

describe('signing sessions out', () => {
  it('ends one session at once: that token stops working, the others go on', async () => {
    const { user, password, token } = await signUp('reporter');
    const phone = await loginWith(user.username, password, IPHONE);
    const phoneId = (await list(phone)).body.find((s) => s.current)!.id;
    expect((await api(`/api/auth/sessions/${phoneId}`, { method: 'DELETE', token })).status).toBe(204);
    expectError(await api('/api/auth/me', { token: phone }), 401, 'unauthenticated');
    expect((await api('/api/auth/me', { token })).status).toBe(200);
    expectError(await api(`/api/auth/sessions/${phoneId}`, { method: 'DELETE', token }), 404, 'not_found');
  });

  it('answers 404 for another user’s session, and leaves it working', async () => {
    const mine = await signUp('reporter');
    const theirs = await signUp('reporter');
    const theirId = (await list(theirs.token)).body[0]!.id;
    expectError(await api(`/api/auth/sessions/${theirId}`, { method: 'DELETE', token: mine.token }), 404, 'not_found');
    expect((await api('/api/auth/me', { token: theirs.token })).status).toBe(200);
  });

  it('"Sign out everywhere else" ends every other session and keeps this one', async () => {
    const { user, password, token } = await signUp('reporter');
    const others = [await loginWith(user.username, password, IPHONE), await loginWith(user.username, password, CHROME)];
    const bystander = await signUp('reporter');
    const res = await api('/api/auth/sessions', { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    for (const other of others) expectError(await api('/api/auth/me', { token: other }), 401, 'unauthenticated');
    expect((await api('/api/auth/me', { token })).status).toBe(200);
    expect((await list(token)).body.map((s) => s.current)).toEqual([true]);
    expect((await api('/api/auth/me', { token: bystander.token })).status).toBe(200);
  });
});

describe('changing one’s password', () => {
  it('needs the current password, then ends every other session; the new password works', async () => {
    const { user, password, token } = await signUp('reporter');
    const other = await login(user.username, password);
    expectError(
      await api('/api/auth/password', { method: 'PUT', token, json: { currentPassword: 'wrong-one', newPassword: 'brand-new-pw' } }),
      401,
      'invalid_credentials',
    );
    expect((await api('/api/auth/me', { token: other })).status).toBe(200);
    expectError(
      await api('/api/auth/password', { method: 'PUT', token, json: { currentPassword: password, newPassword: '123' } }),
      400,
      'validation_failed',
    );
    expect(
      (await api('/api/auth/password', { method: 'PUT', token, json: { currentPassword: password, newPassword: 'brand-new-pw' } })).status,
    ).toBe(204);
    expectError(await api('/api/auth/me', { token: other }), 401, 'unauthenticated');
    expect((await api('/api/auth/me', { token })).status).toBe(200);
    expectError(
      await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: user.username, password } }),
      401,
      'invalid_credentials',
    );
    expect(await login(user.username, 'brand-new-pw')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('counts wrong current passwords toward the lockout', async () => {
    const { password, token } = await signUp('reporter');
    for (let i = 0; i < 5; i++)
      expectError(
        await api('/api/auth/password', { method: 'PUT', token, json: { currentPassword: `guess-${i}-pw`, newPassword: 'brand-new-pw' } }),
        401,
        'invalid_credentials',
      );
    expectError(
      await api('/api/auth/password', { method: 'PUT', token, json: { currentPassword: password, newPassword: 'brand-new-pw' } }),
      429,
      'too_many_attempts',
    );
  });

  it('needs a signed-in caller', async () => {
    expectError(
      await api('/api/auth/password', { method: 'PUT', json: { currentPassword: 'a-password', newPassword: 'another-pw' } }),
      401,
      'unauthenticated',
    );
  });
});
