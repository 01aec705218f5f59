import { TooManyAttemptsError } from '../../domain/errors.ts';
import type { LockoutWindow, LoginAttemptRepository, SignInSecrets } from '../../domain/security/ports.ts';
import { addSeconds } from '../../domain/time.ts';

/**
 * The sign-in lockout (docs/product/api-sign-in-security.md, decision 050): 5 failures within 15
 * minutes lock a key, even against the right password or code. The key is the account when the
 * name typed is one (its username or email, in any case: they count together, and wrong codes count
 * there too), else a keyed hash of the name: a failed sign-in keeps no more than that.
 */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_SECONDS = 15 * 60;

export const accountKey = (userId: number) => `account:${userId}`;

/** The key of a name that is no account: HMAC under the pepper, so the database alone does not say what was typed. */
export async function unknownNameKey(secrets: Pick<SignInSecrets, 'nameHash'>, typed: string): Promise<string> {
  return `name:${await secrets.nameHash(typed.trim().toLowerCase())}`;
}

/** The window a failure at `now` is counted in, for the key. */
export function lockoutWindow(key: string, now: string): LockoutWindow {
  return { key, since: addSeconds(now, -LOCKOUT_WINDOW_SECONDS), max: LOCKOUT_FAILURES };
}

/** The 429 of a locked key: it unlocks when its oldest failure in the window leaves it. */
export async function tooManyAttempts(deps: { loginAttempts: LoginAttemptRepository }, window: LockoutWindow, now: string) {
  const { oldest } = await deps.loginAttempts.failuresSince(window.key, window.since);
  const unlocksAt = oldest ? Date.parse(addSeconds(oldest, LOCKOUT_WINDOW_SECONDS)) : Date.parse(now) + LOCKOUT_WINDOW_SECONDS * 1000;
  return new TooManyAttemptsError(Math.max(1, Math.ceil((unlocksAt - Date.parse(now)) / 1000)));
}

/**
 * Refuses a locked key before any work is spent on it (a password hash, a code). Only a shortcut: the
 * write that records a failure or opens a session checks the count again, atomically.
 */
export async function refuseIfLocked(deps: { loginAttempts: LoginAttemptRepository }, window: LockoutWindow, now: string): Promise<void> {
  const { count } = await deps.loginAttempts.failuresSince(window.key, window.since);
  if (count >= window.max) throw await tooManyAttempts(deps, window, now);
}
