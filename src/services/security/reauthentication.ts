import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import { InvalidCredentialsError, ReauthenticationRequiredError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { PasswordHasher, LoginAttemptRepository, SignedInSession, StaffMail } from '../../domain/security/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import { countFailure, failedSignInEntry } from './failed-sign-in.ts';
import { accountKey, lockoutWindow, refuseIfLocked } from './lockout.ts';

/** A passkey sign-in this recent stands in for the password (a passkey-only user has none to type). */
export const REAUTHENTICATION_SECONDS = 5 * 60;

export interface ReauthenticationDeps {
  users: Pick<UserRepository, 'passwordHashOf' | 'changePassword'>;
  hasher: PasswordHasher;
  loginAttempts: LoginAttemptRepository;
  clock: Clock;
  /** Tells the user when their password or second factors change. */
  staffMail: Pick<StaffMail, 'notice'>;
}

/** The session a request came with, as far as re-authentication cares. */
export type CallerSession = Pick<SignedInSession, 'sessionId' | 'createdAt' | 'signInMethod'>;

/**
 * The signed-in user's own password, asked again before a security change, so a stolen session
 * alone is not enough to take the account; wrong ones count toward the account's lockout.
 */
export async function confirmOwnPassword(deps: ReauthenticationDeps, user: User, password: string, now: string): Promise<void> {
  const window = lockoutWindow(accountKey(user.id), now);
  await refuseIfLocked(deps, window, now);
  const stored = await deps.users.passwordHashOf(user.id);
  if (!stored || !(await deps.hasher.verify(password, stored))) {
    await countFailure(deps, window, now, failedSignInEntry(user, window.key, 'password_check'));
    throw new InvalidCredentialsError();
  }
}

/**
 * Before a second factor is added or removed (decision 050): the password, or a passkey sign-in
 * that opened this very session within the last five minutes. Without either, 401
 * reauthentication_required: a token taken from a browser cannot enrol its thief's authenticator,
 * nor remove the owner's.
 */
export async function reauthenticate(
  deps: ReauthenticationDeps,
  user: User,
  session: CallerSession,
  password: string | undefined,
  now: string,
): Promise<void> {
  if (password !== undefined && password !== '') return confirmOwnPassword(deps, user, password, now);
  const age = Date.parse(now) - Date.parse(session.createdAt);
  if (session.signInMethod === 'passkey' && age >= 0 && age <= REAUTHENTICATION_SECONDS * 1000) return;
  throw new ReauthenticationRequiredError();
}

/**
 * PUT /api/auth/password: the current password, then the new one; every other session of the user
 * ends, and the user is mailed that the password changed (links in the mail point at `origin`).
 */
export async function changeOwnPassword(
  deps: ReauthenticationDeps,
  user: User,
  session: CallerSession,
  input: { currentPassword: string; newPassword: string },
  origin: string,
): Promise<void> {
  const now = deps.clock.now();
  await confirmOwnPassword(deps, user, input.currentPassword, now);
  const audit: AuditEntry[] = [
    { action: 'auth.password_changed', actorId: user.id, target: { type: 'user', id: user.id, label: user.username } },
  ];
  await deps.users.changePassword(user.id, await deps.hasher.hash(input.newPassword), session.sessionId, now, audit);
  deps.staffMail.notice(user.email, 'password_changed', origin);
}
