import { describe, expect, it } from 'vitest';
import { completeSecondStep } from './second-step.ts';
import { signInWithPassword } from './sign-in.ts';
import { FakeSecurity, GOOD_CODE, GOOD_STEP } from './test-fakes.ts';

async function atSecondStep() {
  const store = new FakeSecurity();
  const user = store.addUser('maya', 'right-password');
  store.totpRows.set(user.id, { secretEncrypted: `sealed:${user.id}:BASE32SECRET`, confirmed: true, lastStep: null });
  store.recoveryRows.push({ userId: user.id, codeHash: 'rchash(rc1-7)', usedAt: null });
  const deps = store.deps();
  const first = await signInWithPassword(deps, { emailOrUsername: 'maya', password: 'right-password', userAgent: null });
  if (first.kind !== 'second_step') throw new Error('expected a second step');
  const code = (challenge: string, typed: string) => completeSecondStep(deps, { challenge, code: typed, userAgent: null });
  return {
    store,
    user,
    deps,
    challenge: first.challenge,
    code,
    signIn: () => signInWithPassword(deps, { emailOrUsername: 'maya', password: 'right-password', userAgent: null }),
  };
}

describe('the second step', () => {
  it('opens the session for the current code, using the challenge up and moving the last step', async () => {
    const { store, user, challenge, code } = await atSecondStep();
    expect((await code(challenge, GOOD_CODE)).user.id).toBe(user.id);
    expect(store.totpRows.get(user.id)!.lastStep).toBe(GOOD_STEP);
    expect(store.liveSessions(user.id)).toMatchObject([{ method: 'password+totp' }]);
    await expect(code(challenge, GOOD_CODE)).rejects.toMatchObject({ code: 'invalid_code', details: { restart: true } });
  });

  it('takes a recovery code once', async () => {
    const { store, user, challenge, code, signIn } = await atSecondStep();
    expect((await code(challenge, 'rc1-7')).user.id).toBe(user.id);
    expect(store.liveSessions(user.id)).toMatchObject([{ method: 'password+recovery_code' }]);
    const again = await signIn();
    if (again.kind !== 'second_step') throw new Error('expected a second step');
    await expect(code(again.challenge, 'rc1-7')).rejects.toMatchObject({ code: 'invalid_code' });
    expect(store.attempts).toHaveLength(1);
  });

  it('counts a wrong code on the account, and spends the challenge after three', async () => {
    const { store, user, challenge, code } = await atSecondStep();
    for (let i = 0; i < 3; i++) await expect(code(challenge, '000000')).rejects.toMatchObject({ code: 'invalid_code', details: undefined });
    expect(store.attempts.map((a) => a.key)).toEqual([`account:${user.id}`, `account:${user.id}`, `account:${user.id}`]);
    // Spent: even the right code now asks for the password again, and counts nothing more.
    await expect(code(challenge, GOOD_CODE)).rejects.toMatchObject({ code: 'invalid_code', details: { restart: true } });
    expect(store.attempts).toHaveLength(3);
    expect(store.liveSessions(user.id)).toEqual([]);
  });

  it('answers 429 once the account has five failures, even to the right code, whatever the challenge', async () => {
    const { store, user, challenge, code, signIn } = await atSecondStep();
    await expect(code(challenge, '000000')).rejects.toThrow();
    await expect(code(challenge, '000001')).rejects.toThrow();
    const second = await signIn();
    if (second.kind !== 'second_step') throw new Error('expected a second step');
    await expect(code(second.challenge, '000002')).rejects.toMatchObject({ code: 'invalid_code' });
    await expect(code(second.challenge, '000003')).rejects.toMatchObject({ code: 'invalid_code' });
    await expect(code(second.challenge, '000004')).rejects.toMatchObject({ code: 'invalid_code' });
    const third = await signIn().catch((error: unknown) => error);
    expect(third).toMatchObject({ code: 'too_many_attempts' });
    expect(store.liveSessions(user.id)).toEqual([]);
  });

  it('of a burst of concurrent wrong codes, answers at most five as wrong and the rest 429', async () => {
    const store = new FakeSecurity();
    const user = store.addUser('maya', 'right-password');
    store.totpRows.set(user.id, { secretEncrypted: `sealed:${user.id}:S`, confirmed: true, lastStep: null });
    const deps = store.deps();
    const challenges: string[] = [];
    for (let i = 0; i < 10; i++) {
      const first = await signInWithPassword(deps, { emailOrUsername: 'maya', password: 'right-password', userAgent: null });
      if (first.kind === 'second_step') challenges.push(first.challenge);
    }
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => completeSecondStep(deps, { challenge: challenges[i % 10]!, code: '999999', userAgent: null })),
    );
    const codes = answers.map((a) => (a.status === 'rejected' ? (a.reason as { code: string }).code : 'opened'));
    expect(codes.filter((c) => c === 'invalid_code').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'too_many_attempts').length).toBeGreaterThanOrEqual(25);
    expect(store.attempts.length).toBe(5);
  });
});
