import { describe, expect, it } from 'vitest';
import { createResetLink, redeemResetLink } from './password-reset.ts';
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
    const { resetUrl, expiresAt } = await createResetLink(deps, admin, user.id, false, 'http://newsroom.test');
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
    const { resetUrl } = await createResetLink(deps, admin, user.id, false, 'http://newsroom.test');
    store.advance(24 * 3600);
    await expect(redeemResetLink(deps, { token: resetUrl.split('#token=')[1]!, password: 'new-password' })).rejects.toMatchObject({
      code: 'invalid_token',
    });
    const gone = store.addUser('gone', 'pw', { isActive: false });
    await expect(createResetLink(deps, admin, gone.id, false, 'http://x')).rejects.toMatchObject({ code: 'user_inactive' });
  });
});
