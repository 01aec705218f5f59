import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { api, expectError, login, signUp } from './support/api.ts';
import { enableTotp } from './support/two-factor.ts';

/** Password reset without email: an admin's one-time link (docs/product/api-sign-in-security.md#password-reset). */

const makeLink = (adminToken: string, userId: number, body: unknown = {}) =>
  api(`/api/users/${userId}/password-reset`, { method: 'POST', token: adminToken, json: body });
const tokenOf = (resetUrl: string) => new URL(resetUrl).hash.replace('#token=', '');
const reset = (token: string, password: string) => api('/api/auth/password-reset', { method: 'POST', json: { token, password } });

describe('an admin’s reset link', () => {
  it('is a one-time link to the reset page, valid 24 hours, with the token in the fragment', async () => {
    const admin = await signUp('admin');
    const { user } = await signUp('reporter');
    const res = await makeLink(admin.token, user.id);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'mailed', 'resetUrl']);
    expect(res.body.mailed).toBe(false);
    const url = new URL(res.body.resetUrl);
    expect(`${url.origin}${url.pathname}`).toBe('http://newsroom.test/reset-password');
    expect(url.search).toBe('');
    expect(tokenOf(res.body.resetUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(res.body.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // Only the token's hash is stored.
    const row = await env.DB.prepare('SELECT token_hash FROM password_resets WHERE user_id = ?')
      .bind(user.id)
      .first<{ token_hash: string }>();
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toBe(tokenOf(res.body.resetUrl));
  });

  it('ends every session of the user when it is made', async () => {
    const admin = await signUp('admin');
    const { user, token, password } = await signUp('reporter');
    const second = await login(user.username, password);
    expect((await makeLink(admin.token, user.id)).status).toBe(200);
    for (const t of [token, second]) expectError(await api('/api/auth/me', { token: t }), 401, 'unauthenticated');
  });

  it('sets a new password once: the old one stops working, a reused link is 400 invalid_token', async () => {
    const admin = await signUp('admin');
    const { user, password } = await signUp('reporter');
    const link = tokenOf((await makeLink(admin.token, user.id)).body.resetUrl);
    expectError(await reset(link, '123'), 400, 'validation_failed');
    expect((await reset(link, 'a-fresh-password')).status).toBe(204);
    expect(await login(user.username, 'a-fresh-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectError(
      await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: user.username, password } }),
      401,
      'invalid_credentials',
    );
    const reused = expectError(await reset(link, 'yet-another-pw'), 400, 'invalid_token');
    expect(reused.message).toBe('This reset link is used, expired or not valid. Ask an admin for a new one.');
    expect(await login(user.username, 'a-fresh-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses an expired link and an unknown one', async () => {
    const admin = await signUp('admin');
    const { user, password } = await signUp('reporter');
    const link = tokenOf((await makeLink(admin.token, user.id)).body.resetUrl);
    await env.DB.prepare('UPDATE password_resets SET expires_at = ? WHERE user_id = ?')
      .bind(new Date(Date.now() - 1).toISOString(), user.id)
      .run();
    expectError(await reset(link, 'a-fresh-password'), 400, 'invalid_token');
    expectError(await reset('z'.repeat(43), 'a-fresh-password'), 400, 'invalid_token');
    expectError(await reset('short', 'a-fresh-password'), 400, 'validation_failed');
    expect(await login(user.username, password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('replaces an earlier unused link: only the newest works', async () => {
    const admin = await signUp('admin');
    const { user } = await signUp('reporter');
    const first = tokenOf((await makeLink(admin.token, user.id)).body.resetUrl);
    const second = tokenOf((await makeLink(admin.token, user.id)).body.resetUrl);
    expectError(await reset(first, 'a-fresh-password'), 400, 'invalid_token');
    expect((await reset(second, 'a-fresh-password')).status).toBe(204);
  });

  it('keeps the second factor unless asked to clear it; clearing removes TOTP, recovery codes and passkeys', async () => {
    const admin = await signUp('admin');
    const keeper = await signUp('reporter');
    await enableTotp(keeper.token, keeper.password);
    expect((await reset(tokenOf((await makeLink(admin.token, keeper.user.id)).body.resetUrl), 'a-fresh-password')).status).toBe(204);
    const kept = await api('/api/auth/login', {
      method: 'POST',
      json: { emailOrUsername: keeper.user.username, password: 'a-fresh-password' },
    });
    expect(kept.body.twoFactorRequired).toBe(true);

    const lost = await signUp('reporter');
    await enableTotp(lost.token, lost.password);
    const res = await makeLink(admin.token, lost.user.id, { clearTwoFactor: true });
    expect((await reset(tokenOf(res.body.resetUrl), 'a-fresh-password')).status).toBe(204);
    const token = await login(lost.user.username, 'a-fresh-password');
    expect((await api('/api/auth/2fa', { token })).body).toMatchObject({ totp: false, passkeys: [], recoveryCodesLeft: 0 });
  });

  it('lifts a lockout: the user can sign in at once with the new password', async () => {
    const admin = await signUp('admin');
    const { user } = await signUp('reporter');
    for (let i = 0; i < 5; i++)
      await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: user.username, password: 'wrong-guess' } });
    expect((await reset(tokenOf((await makeLink(admin.token, user.id)).body.resetUrl), 'a-fresh-password')).status).toBe(204);
    expect(await login(user.username, 'a-fresh-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is for admins only; an unknown user is 404, a deactivated one 409; the body is validated', async () => {
    const admin = await signUp('admin');
    const reporter = await signUp('reporter');
    const victim = await signUp('reporter');
    expectError(await makeLink(reporter.token, victim.user.id), 403, 'forbidden');
    expectError(await api(`/api/users/${victim.user.id}/password-reset`, { method: 'POST', json: {} }), 401, 'unauthenticated');
    expect((await api('/api/auth/me', { token: victim.token })).status).toBe(200);
    expectError(await makeLink(admin.token, 987654), 404, 'not_found');
    expectError(await makeLink(admin.token, victim.user.id, { clearTwoFactor: 'yes' }), 400, 'validation_failed');
    expect((await api(`/api/users/${victim.user.id}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expectError(await makeLink(admin.token, victim.user.id), 409, 'user_inactive');
  });
});
