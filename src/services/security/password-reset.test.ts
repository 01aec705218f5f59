import { describe, expect, it } from 'vitest';
import { createResetLink, redeemResetLink, requestResetLink } from './password-reset.ts';
import { signInWithPassword } from './sign-in.ts';
import { FakeSecurity } from './test-fakes.ts';

describe('reset links', () => {
  it('work once, set the password and clear the account’s failed sign-ins', async () => {
    const store = new FakeSecurity();
    const admin = store.addUser('admin', 'admin-pw', { role: 'admin' });
    const user = store.addUser('maya', 'forgotten');
    const deps = store.deps();
    for (let i = 0; i < 5; i++)
      await expect(signInWithPassword(deps, { emailOrUsername: 'maya', password: 'guess', userAgent: null })).rejects.toThrow();
    const { resetUrl, expiresAt } = await createResetLink(deps, admin, user.id, { clearTwoFactor: false }, 'http://newsroom.test');
    expect(Date.parse(expiresAt) - Date.parse(store.now)).toBe(24 * 3600_000);
    const token = new URL(resetUrl).hash.replace('#token=', '');
    await redeemResetLink(deps, { token, password: 'a-new-password' });
    expect(store.attempts).toEqual([]);
    expect((await signInWithPassword(deps, { emailOrUsername: 'maya', password: 'a-new-password', userAgent: null })).kind).toBe(
      'signed_in',
    );
    await expect(redeemResetLink(deps, { token, password: 'another-one' })).rejects.toMatchObject({ code: 'invalid_token' });
  });

  it('refuse an expired link and a deactivated account', async () => {
    const store = new FakeSecurity();
    const admin = store.addUser('admin', 'admin-pw', { role: 'admin' });
    const user = store.addUser('maya', 'pw');
    const deps = store.deps();
    const { resetUrl } = await createResetLink(deps, admin, user.id, { clearTwoFactor: false }, 'http://newsroom.test');
    store.advance(24 * 3600);
    await expect(redeemResetLink(deps, { token: resetUrl.split('#token=')[1]!, password: 'new-password' })).rejects.toMatchObject({
      code: 'invalid_token',
    });
    const gone = store.addUser('gone', 'pw', { isActive: false });
    await expect(createResetLink(deps, admin, gone.id, { clearTwoFactor: false }, 'http://x')).rejects.toMatchObject({
      code: 'user_inactive',
    });
  });
});

describe('mailed reset links', () => {
  it('an admin’s link is mailed to the user only when asked, and `mailed` says it left', async () => {
    const store = new FakeSecurity();
    const admin = store.addUser('admin', 'admin-pw', { role: 'admin' });
    const user = store.addUser('maya', 'pw');
    const deps = store.deps();
    expect((await createResetLink(deps, admin, user.id, { clearTwoFactor: false }, 'http://newsroom.test')).mailed).toBe(false);
    expect(store.staffMailSent).toEqual([]);
    const mailed = await createResetLink(deps, admin, user.id, { clearTwoFactor: false, mail: true }, 'http://newsroom.test');
    expect(mailed.mailed).toBe(true);
    expect(store.staffMailSent).toEqual([{ to: user.email, kind: 'reset_link', link: mailed.resetUrl }]);
    // A mail server that refuses leaves the link made and answered, with mailed: false.
    const refusing = { ...deps, staffMail: { ...deps.staffMail, resetLink: async () => Promise.reject(new Error('421 try later')) } };
    const unmailed = await createResetLink(refusing, admin, user.id, { clearTwoFactor: false, mail: true }, 'http://newsroom.test');
    expect(unmailed.mailed).toBe(false);
    expect(unmailed.resetUrl).toContain('#token=');
  });

  it('"Forgot password?" mails the account’s own link by username or email, and nobody for an unknown or deactivated one', async () => {
    const store = new FakeSecurity();
    const user = store.addUser('maya', 'forgotten');
    store.addUser('gone', 'pw', { isActive: false });
    const deps = store.deps();
    await requestResetLink(deps, 'nobody@example.com', 'http://newsroom.test');
    await requestResetLink(deps, 'gone', 'http://newsroom.test');
    expect(store.staffMailSent).toEqual([]);
    await requestResetLink(deps, 'MAYA', 'http://newsroom.test');
    await requestResetLink(deps, user.email, 'http://newsroom.test');
    expect(store.staffMailSent.map((m) => m.to)).toEqual([user.email, user.email]);
    expect(store.auditRows.filter((e) => e.action === 'auth.password_reset_link_created').map((e) => e.detail)).toEqual([
      { clearTwoFactor: false, mailed: true, requestedBySelf: true },
      { clearTwoFactor: false, mailed: true, requestedBySelf: true },
    ]);
    // The last link sets the password.
    const token = new URL(store.staffMailSent[1]!.link).hash.replace('#token=', '');
    await redeemResetLink(deps, { token, password: 'a-new-password' });
    expect(store.users.get(user.id)!.passwordHash).toBe('hashed:a-new-password');
  });

  it('"Forgot password?" mails one account at most 3 links an hour however it is named, and signs nobody out (decision 105)', async () => {
    const store = new FakeSecurity();
    const user = store.addUser('maya', 'forgotten');
    const deps = store.deps();
    const session = await signInWithPassword(deps, { emailOrUsername: 'maya', password: 'forgotten', userAgent: null });
    for (let i = 0; i < 6; i++) await requestResetLink(deps, i % 2 ? 'MAYA' : user.email, 'http://newsroom.test');
    expect(store.staffMailSent.map((m) => m.to)).toEqual([user.email, user.email, user.email]);
    expect(session.kind).toBe('signed_in');
    expect(store.liveSessions(user.id)).toHaveLength(1);
    store.advance(3600);
    await requestResetLink(deps, 'maya', 'http://newsroom.test');
    expect(store.staffMailSent).toHaveLength(4);
  });
});
