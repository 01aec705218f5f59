import type { Context } from 'hono';
import { auditText, type AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import { InvalidCredentialsError, TooManyAttemptsError } from '../../domain/errors.ts';
import type { SignInProof } from '../../domain/security/ports.ts';
import { addSeconds } from '../../domain/time.ts';
import type { AppDeps } from '../app-deps.ts';
import { hashSessionToken, newSessionToken } from '../crypto/session-tokens.ts';
import type { AppEnv } from './context.ts';

const LOCKOUT_FAILURES = 5;
const LOCKOUT_WINDOW_SECONDS = 15 * 60;
/** A session without "Remember me" lasts a working day. */
const SHORT_SESSION_HOURS = 12;
/** How long the second step of a sign-in may wait for its code. */
export const SECOND_STEP_SECONDS = 5 * 60;
const USER_AGENT_MAX = 512;

/** Checked before anything else: once an identifier is locked, even the right password or code waits (429). */
export async function refuseIfLocked(deps: Pick<AppDeps, 'loginAttempts'>, identifier: string, now: string): Promise<void> {
  const failures = await deps.loginAttempts.failuresSince(identifier, addSeconds(now, -LOCKOUT_WINDOW_SECONDS));
  if (failures.count >= LOCKOUT_FAILURES && failures.oldest) {
    const unlocksAt = Date.parse(addSeconds(failures.oldest, LOCKOUT_WINDOW_SECONDS));
    throw new TooManyAttemptsError(Math.max(1, Math.ceil((unlocksAt - Date.parse(now)) / 1000)));
  }
}

/** A failed password or code: counts toward the identifier's lockout, and goes in the audit log with it. */
export async function recordFailedSignIn(
  deps: Pick<AppDeps, 'loginAttempts'>,
  identifier: string,
  user: User | null,
  now: string,
  method: 'password' | 'totp' | 'recovery_code' | 'passkey' | 'password_check',
): Promise<void> {
  const entry: AuditEntry = {
    action: 'auth.login_failed',
    actorId: user?.id ?? null,
    target: user ? { type: 'user', id: user.id, label: user.username } : null,
    detail: { identifier: auditText(identifier), method },
  };
  await deps.loginAttempts.recordFailure(identifier, now, [entry]);
}

/**
 * The signed-in user's own password, asked again before a security change, so a stolen session
 * alone is not enough to take the account; wrong ones count toward the same lockout as sign-ins.
 */
export async function confirmOwnPassword(
  deps: Pick<AppDeps, 'loginAttempts' | 'users' | 'hasher'>,
  user: User,
  password: string,
  now: string,
): Promise<void> {
  const identifier = user.username.toLowerCase();
  await refuseIfLocked(deps, identifier, now);
  const stored = await deps.users.passwordHashOf(user.id);
  if (!stored || !(await deps.hasher.verify(password, stored))) {
    await recordFailedSignIn(deps, identifier, user, now, 'password_check');
    throw new InvalidCredentialsError();
  }
}

export function userAgentOf(c: Context<AppEnv>): string | null {
  const agent = c.req.header('User-Agent');
  return agent ? agent.slice(0, USER_AGENT_MAX) : null;
}

/**
 * Opens a session for `user` if `proof` holds (using it up in the same write), with its audit entry;
 * the token, or null when the proof no longer held (a replayed code, a used challenge).
 */
export async function openSession(
  deps: Pick<AppDeps, 'sessions' | 'sessionTtlHours'>,
  user: User,
  options: { now: string; remember: boolean; userAgent: string | null; proof: SignInProof; method: string },
): Promise<string | null> {
  const { now, remember, userAgent, proof, method } = options;
  const token = newSessionToken();
  const hours = remember ? deps.sessionTtlHours : SHORT_SESSION_HOURS;
  const audit: AuditEntry[] = [
    { action: 'auth.login_succeeded', actorId: user.id, target: { type: 'user', id: user.id, label: user.username }, detail: { method } },
  ];
  const opened = await deps.sessions.create(
    { tokenHash: await hashSessionToken(token), userId: user.id, createdAt: now, expiresAt: addSeconds(now, hours * 3600), userAgent },
    proof,
    audit,
  );
  return opened ? token : null;
}
