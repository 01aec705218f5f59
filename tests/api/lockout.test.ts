import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/users/entities.ts';
import { api, deleteUser, deps, expectError, signUp, type ApiResponse } from './support/api.ts';
import { accountKey, lockoutWindow } from '../../src/services/security/lockout.ts';

/**
 * docs/product/api.md: 5 failures within 15 minutes lock an account, whatever name was typed for it
 * (or a name that is no account), with 429 + Retry-After, even for the right password (decision 050).
 */

const WINDOW_SECONDS = 15 * 60;
const WRONG = 'wrong-password';

let admin: { token: string };

beforeAll(async () => {
  admin = await signUp('admin');
});

const signIn = (emailOrUsername: string, password: string) =>
  api('/api/auth/login', { method: 'POST', json: { emailOrUsername, password } });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** A failed sign-in of the account, recorded as if it happened `at`. */
const failedAt = (userId: number, at: string) => deps.loginAttempts.recordFailure(lockoutWindow(accountKey(userId), at), at, []);

async function failTimes(identifier: string, times: number) {
  for (let i = 0; i < times; i++) expectError(await signIn(identifier, WRONG), 401, 'invalid_credentials');
}

function expectLocked(res: ApiResponse): number {
  const error = expectError(res, 429, 'too_many_attempts');
  expect(error.message).toBe('Too many failed sign-in attempts. Try again later.');
  const retryAfter = res.headers.get('Retry-After');
  expect(retryAfter).toMatch(/^\d+$/);
  const seconds = Number(retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  return seconds;
}

describe('the sign-in lockout', () => {
  it('locks an identifier after 5 failures, even against the right password', async () => {
    const { user, password } = await signUp('reporter', { username: 'locked1' });
    await failTimes(user.username, 4);
    await failTimes(user.username, 1);
    const seconds = expectLocked(await signIn(user.username, password));
    expect(seconds).toBeGreaterThan(WINDOW_SECONDS - 60);
    expectLocked(await signIn(user.username, WRONG));
  });

  it('allows the fifth try: four failures do not lock', async () => {
    const { user, password } = await signUp('reporter', { username: 'locked2' });
    await failTimes(user.username, 4);
    expect((await signIn(user.username, password)).status).toBe(200);
  });

  it('counts an account’s failures together, whatever name and case were typed', async () => {
    const { user, password } = await signUp('reporter', { username: 'CaseUser', email: 'Case.User@newsroom.test' });
    for (const spelling of ['caseuser', 'CASE.USER@NEWSROOM.TEST', 'CaseUser', 'case.USER@newsroom.test', 'caseUSER']) {
      expectError(await signIn(spelling, WRONG), 401, 'invalid_credentials');
    }
    expectLocked(await signIn('CaseUser', password));
    expectLocked(await signIn('caseuser', password));
    expectLocked(await signIn(user.email, password));
    expectLocked(await signIn('Case.User@Newsroom.Test', password));
  });

  it('treats a name that is no account case-insensitively', async () => {
    for (const spelling of ['ghost.writer', 'GHOST.WRITER', 'Ghost.Writer', 'gHoSt.wRiTeR', 'ghost.WRITER']) {
      expectError(await signIn(spelling, WRONG), 401, 'invalid_credentials');
    }
    expectLocked(await signIn('ghost.writer', WRONG));
  });

  it('forgets failures older than 15 minutes', async () => {
    const { user, password } = await signUp('reporter', { username: 'oldfailures' });
    for (let i = 0; i < 10; i++) await failedAt(user.id, minutesAgo(16 + i));
    await failTimes(user.username, 4);
    expect((await signIn(user.username, password)).status).toBe(200);
  });

  it('counts failures inside the window that were recorded earlier, and unlocks when the oldest leaves it', async () => {
    const { user, password } = await signUp('reporter', { username: 'windowed' });
    await failedAt(user.id, minutesAgo(14));
    for (let i = 0; i < 4; i++) await failedAt(user.id, minutesAgo(1));
    const seconds = expectLocked(await signIn(user.username, password));
    // The oldest failure leaves the window in about a minute.
    expect(seconds).toBeGreaterThanOrEqual(55);
    expect(seconds).toBeLessThanOrEqual(61);
  });

  it('clears the failures after a successful sign-in', async () => {
    const { user, password } = await signUp('reporter', { username: 'recovered' });
    await failTimes(user.username, 4);
    expect((await signIn(user.username, password)).status).toBe(200);
    await failTimes(user.username, 4);
    expect((await signIn(user.username, password)).status).toBe(200);
  });

  it('locks only the identifier under attack', async () => {
    const target = await signUp('reporter', { username: 'target' });
    const bystander = await signUp('reporter', { username: 'bystander' });
    await failTimes(target.user.username, 5);
    expectLocked(await signIn(target.user.username, target.password));
    expect((await signIn(bystander.user.username, bystander.password)).status).toBe(200);
  });

  it('locks unknown identifiers as well, so probing for accounts gets nowhere faster', async () => {
    await failTimes('nobody-here', 5);
    expectLocked(await signIn('nobody-here', WRONG));
  });
});

describe('failed sign-ins all look alike', () => {
  let known: { user: User; password: string };
  let former: { user: User; password: string };

  beforeAll(async () => {
    known = await signUp('reporter', { username: 'known' });
    former = await signUp('reporter', { username: 'former' });
    await deleteUser(admin.token, former.user.id);
  });

  it('gives an unknown user, a wrong password and a deactivated user the same 401 body', async () => {
    const unknown = await signIn('no-such-user', 'whatever-pw');
    const wrongPassword = await signIn(known.user.username, 'not-the-password');
    const deactivated = await signIn(former.user.username, former.password);
    for (const res of [unknown, wrongPassword, deactivated]) {
      expect(expectError(res, 401, 'invalid_credentials').message).toBe('Invalid email or password');
    }
    expect(wrongPassword.text).toBe(unknown.text);
    expect(deactivated.text).toBe(unknown.text);
    expect(unknown.text).toBe('{"error":{"code":"invalid_credentials","message":"Invalid email or password"}}');
  });

  it('counts a deactivated user’s right password as a failure', async () => {
    const leaver = await signUp('reporter', { username: 'leaver' });
    await deleteUser(admin.token, leaver.user.id);
    for (let i = 0; i < 5; i++) expectError(await signIn(leaver.user.username, leaver.password), 401, 'invalid_credentials');
    expectLocked(await signIn(leaver.user.username, leaver.password));
  });

  it('signs in by email as well as username, the email in any case', async () => {
    expect((await signIn(known.user.email.toUpperCase(), known.password)).status).toBe(200);
    const res = await signIn(known.user.username, known.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), user: known.user });
  });
});
