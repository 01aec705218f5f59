import { describe, expect, it } from 'vitest';
import { accountKey, LOCKOUT_FAILURES } from './lockout.ts';
import { signInWithPassword } from './sign-in.ts';
import { FakeSecurity } from './test-fakes.ts';

function newsroom() {
  const store = new FakeSecurity();
  const user = store.addUser('maya', 'right-password');
  const deps = store.deps();
  const signIn = (emailOrUsername: string, password: string, remember?: boolean) =>
    signInWithPassword(deps, { emailOrUsername, password, remember, userAgent: 'Test/1.0' });
  return { store, user, signIn };
}

describe('signing in with a password', () => {
  it('opens a session for the right password, with its audit entry and method', async () => {
    const { store, user, signIn } = newsroom();
    const result = await signIn('MAYA', 'right-password');
    expect(result).toMatchObject({ kind: 'signed_in', user: { id: user.id } });
    expect(store.liveSessions(user.id)).toMatchObject([{ method: 'password', userAgent: 'Test/1.0' }]);
    expect(store.auditRows).toEqual([expect.objectContaining({ action: 'auth.login_succeeded', detail: { method: 'password' } })]);
  });

  it('answers a wrong password, an unknown name and a deactivated account alike, each counted', async () => {
    const { store, signIn } = newsroom();
    store.addUser('gone', 'its-password', { isActive: false });
    await expect(signIn('maya', 'wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(signIn('nobody', 'wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(signIn('gone', 'its-password')).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(store.attempts.map((a) => a.key)).toEqual(['account:1', 'name:hmac(nobody)', 'account:2']);
  });

  it('keeps no more than a hash of a name that is no account, in the lockout and the audit log', async () => {
    const { store, signIn } = newsroom();
    const typed = 'Someone.Else@Example.org';
    await expect(signIn(typed, 'wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    const kept = JSON.stringify([store.attempts, store.auditRows]);
    expect(kept).not.toContain(typed);
    expect(store.attempts[0]!.key).toBe('name:hmac(someone.else@example.org)');
    expect(store.auditRows[0]).toMatchObject({ actorId: null, target: null, detail: { method: 'password' } });
  });

  it('counts an account’s failures together whatever name was typed, and locks it even for the right password', async () => {
    const { store, user, signIn } = newsroom();
    for (const name of ['maya', 'MAYA@newsroom.test', 'Maya', 'maya@NEWSROOM.test', 'mAyA'])
      await expect(signIn(name, 'wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(store.failures(accountKey(user.id), '2000')).toBe(LOCKOUT_FAILURES);
    const locked = await signIn('maya', 'right-password').catch((error: unknown) => error);
    expect(locked).toMatchObject({ code: 'too_many_attempts', retryAfterSeconds: 900 });
    // A locked account's further tries are not written.
    expect(store.attempts).toHaveLength(LOCKOUT_FAILURES);
  });

  it('unlocks when the oldest failure leaves the 15 minutes, and a success clears the failures', async () => {
    const { store, signIn } = newsroom();
    for (let i = 0; i < 4; i++) await expect(signIn('maya', 'wrong')).rejects.toThrow();
    store.advance(60);
    await expect(signIn('maya', 'wrong')).rejects.toThrow();
    store.advance(14 * 60 + 1);
    expect((await signIn('maya', 'right-password')).kind).toBe('signed_in');
    expect(store.attempts).toEqual([]);
  });

  it('asks an account with a second factor for its second step, with a challenge and the methods it has', async () => {
    const { store, user, signIn } = newsroom();
    store.totpRows.set(user.id, { secretEncrypted: 'sealed', confirmed: true, lastStep: null });
    store.recoveryRows.push({ userId: user.id, codeHash: 'x', usedAt: null });
    const result = await signIn('maya', 'right-password', false);
    expect(result).toMatchObject({ kind: 'second_step', methods: ['totp', 'recovery'] });
    expect(store.liveSessions(user.id)).toEqual([]);
    const [challenge] = store.challengeRows.values();
    expect(challenge).toMatchObject({ purpose: 'sign_in', userId: user.id, detail: { remember: false } });
    expect(Date.parse(challenge!.expiresAt) - Date.parse(store.now)).toBe(5 * 60_000);
  });
});
