import { describe, expect, it } from 'vitest';
import { api, expectError, signUp } from './support/api.ts';
import { SoftAuthenticator } from './support/soft-authenticator.ts';
import { codeOf, enableTotp, passwordStep, secondStep } from './support/two-factor.ts';

/** The admin's policy: who must have a second factor (docs/product/api-sign-in-security.md#the-policy). */

const setPolicy = (token: string, requireTwoFactor: unknown) =>
  api('/api/settings/security', { method: 'PUT', token, json: { requireTwoFactor } });

// One file, one database: the tests run in order and each sets the policy it needs.
describe('the security policy', () => {
  it('defaults to none, is admins-only to read and change, and is validated', async () => {
    const admin = await signUp('admin');
    const reporter = await signUp('reporter');
    expect((await api('/api/settings/security', { token: admin.token })).body).toEqual({ requireTwoFactor: 'none' });
    expectError(await api('/api/settings/security', { token: reporter.token }), 403, 'forbidden');
    expectError(await setPolicy(reporter.token, 'none'), 403, 'forbidden');
    expectError(await api('/api/settings/security'), 401, 'unauthenticated');
    expectError(await setPolicy(admin.token, 'sometimes'), 400, 'validation_failed');
    expectError(await api('/api/settings/security', { method: 'PUT', token: admin.token, json: {} }), 400, 'validation_failed');
    const res = await setPolicy(admin.token, 'none');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ requireTwoFactor: 'none' });
  });

  it('"admins": an admin without a second factor gets 403 two_factor_required everywhere but the allowed calls; reporters go on', async () => {
    const admin = await signUp('admin');
    const other = await signUp('admin');
    const reporter = await signUp('reporter');
    await enableTotp(admin.token, admin.password);
    expect((await setPolicy(admin.token, 'admins')).status).toBe(200);

    for (const [method, path] of [
      ['GET', '/api/users'],
      ['GET', '/api/stories'],
      ['GET', '/api/analytics/dashboard'],
      ['GET', '/api/auth/sessions'],
      ['PUT', '/api/auth/password'],
      ['GET', '/api/settings/security'],
      ['GET', '/api/audit'],
    ] as const) {
      const res = await api(path, {
        method,
        token: other.token,
        json: method === 'PUT' ? { currentPassword: other.password, newPassword: 'another-pw' } : undefined,
      });
      const error = expectError(res, 403, 'two_factor_required');
      expect(error.message).toBe('Your newsroom requires a second factor. Set one up in your profile to continue.');
    }
    // What such a user may still do: who they are, setting up a second factor, signing out.
    expect((await api('/api/auth/me', { token: other.token })).status).toBe(200);
    const status = await api('/api/auth/2fa', { token: other.token });
    expect(status.body).toMatchObject({ totp: false, passkeys: [], required: true });
    expect(
      (await api('/api/auth/passkeys/register/options', { method: 'POST', token: other.token, json: { password: other.password } })).status,
    ).toBe(200);
    // A reporter is not covered; an admin with TOTP goes on.
    expect((await api('/api/stories', { token: reporter.token })).status).toBe(200);
    expect((await api('/api/auth/2fa', { token: reporter.token })).body.required).toBe(false);
    expect((await api('/api/users', { token: admin.token })).status).toBe(200);
    // Anonymous calls are the same as ever.
    expect((await api('/api/stories')).status).toBe(200);
  });

  it('lets the blocked user set TOTP up, and then everything works', async () => {
    const admin = await signUp('admin');
    expectError(await api('/api/users', { token: admin.token }), 403, 'two_factor_required');
    const { secret } = await enableTotp(admin.token, admin.password);
    expect((await api('/api/users', { token: admin.token })).status).toBe(200);
    // And the next sign-in asks for the code.
    const challenge = await passwordStep(admin.user.username, admin.password);
    expect((await secondStep(challenge, codeOf(secret))).status).toBe(200);
  });

  it('lets the blocked user add a passkey instead, and then everything works', async () => {
    const admin = await signUp('admin');
    expectError(await api('/api/users', { token: admin.token }), 403, 'two_factor_required');
    const options = await api('/api/auth/passkeys/register/options', {
      method: 'POST',
      token: admin.token,
      json: { password: admin.password },
    });
    const response = await (await SoftAuthenticator.create()).register(options.body, 'http://newsroom.test');
    expect((await api('/api/auth/passkeys/register', { method: 'POST', token: admin.token, json: { response, name: 'Key' } })).status).toBe(
      201,
    );
    expect((await api('/api/users', { token: admin.token })).status).toBe(200);
  });

  it('"everyone" covers reporters too, and "none" lifts it', async () => {
    const admin = await signUp('admin');
    await enableTotp(admin.token, admin.password);
    const reporter = await signUp('reporter');
    expect((await setPolicy(admin.token, 'everyone')).body).toEqual({ requireTwoFactor: 'everyone' });
    expectError(
      await api('/api/stories', { method: 'POST', token: reporter.token, json: { title: 't', description: 'd', content: '<p>c</p>' } }),
      403,
      'two_factor_required',
    );
    expectError(await api('/api/stories', { token: reporter.token }), 403, 'two_factor_required');
    expect((await api('/api/auth/logout', { method: 'POST', token: reporter.token })).status).toBe(204);
    const again = await signUp('reporter');
    expect((await setPolicy(admin.token, 'none')).status).toBe(200);
    expect((await api('/api/stories', { token: again.token })).status).toBe(200);
  });

  it('falls back to none when the stored value does not parse', async () => {
    const admin = await signUp('admin');
    await enableTotp(admin.token, admin.password);
    const { deps } = await import('./support/api.ts');
    await deps.settings.put('security', { requireTwoFactor: 'always' }, admin.user.id, deps.clock.now());
    expect((await api('/api/settings/security', { token: admin.token })).body).toEqual({ requireTwoFactor: 'none' });
    const reporter = await signUp('reporter');
    expect((await api('/api/stories', { token: reporter.token })).status).toBe(200);
  });
});
