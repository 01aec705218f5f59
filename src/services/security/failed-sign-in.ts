import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import type { LoginAttemptRepository, LockoutWindow } from '../../domain/security/ports.ts';
import { tooManyAttempts } from './lockout.ts';

export type FailedMethod = 'password' | 'totp' | 'recovery_code' | 'passkey' | 'password_check';

/** How many wrong codes one second step takes before it is spent: the sign-in then starts again with the password. */
export const MAX_WRONG_CODES = 3;

/**
 * The audit entry of a failed sign-in. An account's names the entry's target; a name that is no
 * account is kept only as the start of its keyed hash (the lockout's key), never as typed.
 */
export function failedSignInEntry(user: User | null, key: string, method: FailedMethod): AuditEntry {
  return {
    action: 'auth.login_failed',
    actorId: user?.id ?? null,
    target: user ? { type: 'user', id: user.id, label: user.username } : null,
    detail: user ? { method } : { method, name: key.slice(key.indexOf(':') + 1, key.indexOf(':') + 17) },
  };
}

/**
 * Counts a failure toward the window's lockout, with its audit entry, in one write that also checks
 * the count (and, for a wrong code, spends one of its challenge's tries): of any burst of concurrent
 * failures, only those that found the key unlocked are answered as wrong; the others get 429.
 * Resolves when it was counted; throws 429 when the key was locked; `'challenge_spent'` when the
 * challenge had no tries left (or was gone).
 */
export async function countFailure(
  deps: { loginAttempts: LoginAttemptRepository },
  window: LockoutWindow,
  now: string,
  entry: AuditEntry,
  challengeId?: string,
): Promise<'counted' | 'challenge_spent'> {
  const challenge = challengeId === undefined ? undefined : { id: challengeId, maxFailures: MAX_WRONG_CODES };
  if (await deps.loginAttempts.recordFailure(window, now, [entry], challenge)) return 'counted';
  const { count } = await deps.loginAttempts.failuresSince(window.key, window.since);
  if (count >= window.max || challenge === undefined) throw await tooManyAttempts(deps, window, now);
  return 'challenge_spent';
}
