import { describe, expect, it } from 'vitest';
import { api, expectError, login, signUp } from './support/api.ts';
import { mailTo, uniqueAddress } from './support/mail.ts';

/** Staff mail (docs/product/api-readers.md, "Mail"): "Forgot password?", an admin's mailed reset link, notices when sign-in changes. */

const staff = (role: 'reporter' | 'admin' = 'reporter') => signUp(role, { email: uniqueAddress('staff') });
const tokenOf = (resetUrl: string) => new URL(resetUrl).hash.slice('#token='.length);

describe('"Forgot password?"', () => {
  it('mails a one-time reset link to the account’s address, which sets a new password', async () => {
    const { user } = await staff();
    const asked = await api('/api/auth/password-reset/request', { method: 'POST', json: { emailOrUsername: user.username } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({});
    const [mail] = await mailTo(user.email);
    expect(mail!.subject).toBe('Reset your The Newsroom password');
    expect(mail!.contentTypes).toEqual(expect.arrayContaining(['text/plain', 'text/html']));
    const link = mail!.text!.split(/\s+/).find((word) => word.includes('/reset-password#token='))!;
    expect(link).toMatch(/^http:\/\/[^/]+\/reset-password#token=/);
    expect(
      (await api('/api/auth/password-reset', { method: 'POST', json: { token: tokenOf(link), password: 'a-new-password' } })).status,
    ).toBe(204);
    expect(await login(user.username, 'a-new-password')).toBeTruthy();
    // The link works once.
    const again = await api('/api/auth/password-reset', { method: 'POST', json: { token: tokenOf(link), password: 'another-one' } });
    expectError(again, 400, 'invalid_token');
  });

  it('answers the same for an unknown account and mails nobody; refuses a missing identifier', async () => {
    const unknown = uniqueAddress('nobody');
    const asked = await api('/api/auth/password-reset/request', { method: 'POST', json: { emailOrUsername: unknown } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({});
    expect(await mailTo(unknown, { timeoutMs: 1500 })).toEqual([]);
    expectError(await api('/api/auth/password-reset/request', { method: 'POST', json: {} }), 400, 'validation_failed');
    expectError(
      await api('/api/auth/password-reset/request', { method: 'POST', json: { emailOrUsername: 'x'.repeat(255) } }),
      400,
      'validation_failed',
    );
  });
});

describe('staff mail', () => {
  it('an admin’s reset link can be mailed to the user', async () => {
    const { token: adminToken } = await staff('admin');
    const { user } = await staff();
    const made = await api(`/api/users/${user.id}/password-reset`, { method: 'POST', token: adminToken, json: { mail: true } });
    expect(made.status).toBe(200);
    expect(made.body.mailed).toBe(true);
    const [mail] = await mailTo(user.email);
    expect(mail!.text).toContain(made.body.resetUrl);
    // Without `mail`, the link is only answered to the admin.
    const other = await staff();
    const quiet = await api(`/api/users/${other.user.id}/password-reset`, { method: 'POST', token: adminToken, json: {} });
    expect(quiet.body.mailed).toBe(false);
    expect(await mailTo(other.user.email, { timeoutMs: 1500 })).toEqual([]);
  });

  it('a staff member is told when their password changes', async () => {
    const { user, token, password } = await staff();
    const changed = await api('/api/auth/password', {
      method: 'PUT',
      token,
      json: { currentPassword: password, newPassword: 'second-password' },
    });
    expect(changed.status).toBe(204);
    const [mail] = await mailTo(user.email);
    expect(mail!.subject).toBe('The Newsroom: your password was changed');
    expect(mail!.text).toContain('The password of your account was changed.');
  });
});
