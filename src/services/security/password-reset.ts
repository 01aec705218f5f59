import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, DomainError, NotFoundError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type {
  PasswordHasher,
  LoginAttemptRepository,
  PasswordResetRepository,
  SignInSecrets,
  StaffMail,
} from '../../domain/security/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import { addSeconds } from '../../domain/time.ts';
import { accountKey } from './lockout.ts';
import { allowanceWindow, type MailAllowances } from '../../domain/mail/allowance.ts';

/** A reset link works once, for this long (docs/product/api-sign-in-security.md#password-reset). */
export const RESET_LINK_HOURS = 24;
/** The page of the app that takes the link; the token rides in the fragment, which browsers never send to a server. */
export const RESET_PAGE = '/reset-password';

export interface PasswordResetDeps {
  users: Pick<UserRepository, 'findById' | 'findCredentials'>;
  passwordResets: PasswordResetRepository;
  loginAttempts: LoginAttemptRepository;
  hasher: PasswordHasher;
  clock: Clock;
  secrets: Pick<SignInSecrets, 'newToken' | 'tokenHash'>;
  staffMail: Pick<StaffMail, 'resetLink'>;
}

const invalidToken = () =>
  new DomainError('validation', 'invalid_token', 'This reset link is used, expired or not valid. Ask an admin for a new one.');

/**
 * A one-time reset link for `target` (only its hash kept, with an audit entry), valid RESET_LINK_HOURS.
 * `endSessions`: an admin's link ends every session of the user at once; one the user asked for
 * ends them when it is used, so a stranger asking cannot sign anyone out (decision 105).
 */
async function makeResetLink(
  deps: PasswordResetDeps,
  target: User,
  {
    createdBy,
    clearTwoFactor,
    mailed,
    origin,
    endSessions,
  }: { createdBy: number; clearTwoFactor: boolean; mailed: boolean; origin: string; endSessions: boolean },
): Promise<{ resetUrl: string; expiresAt: string }> {
  const token = deps.secrets.newToken();
  const now = deps.clock.now();
  const expiresAt = addSeconds(now, RESET_LINK_HOURS * 3600);
  const audit: AuditEntry[] = [
    {
      action: 'auth.password_reset_link_created',
      actorId: createdBy,
      target: { type: 'user', id: target.id, label: target.username },
      detail: { clearTwoFactor, mailed, requestedBySelf: createdBy === target.id },
    },
  ];
  await deps.passwordResets.create(
    { tokenHash: await deps.secrets.tokenHash(token), userId: target.id, createdBy, clearTwoFactor, createdAt: now, expiresAt },
    audit,
    { endSessions },
  );
  return { resetUrl: `${origin}${RESET_PAGE}#token=${token}`, expiresAt };
}

/** Mails the link to the user; false (and a log line) when the mail could not leave. */
async function mailResetLink(deps: PasswordResetDeps, target: User, resetUrl: string): Promise<boolean> {
  try {
    await deps.staffMail.resetLink(target.email, resetUrl, RESET_LINK_HOURS);
    return true;
  } catch (error) {
    console.warn(`The reset link for user ${target.id} was not mailed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * POST /api/users/{id}/password-reset: an admin makes a one-time link for a user; every session of
 * the user ends. The link is answered to the admin whatever the mail server says; with `mail` it is
 * also mailed to the user, and `mailed` says whether it left.
 */
export async function createResetLink(
  deps: PasswordResetDeps,
  admin: User,
  targetId: number,
  { clearTwoFactor, mail = false }: { clearTwoFactor: boolean; mail?: boolean },
  origin: string,
): Promise<{ resetUrl: string; expiresAt: string; mailed: boolean }> {
  const target = await deps.users.findById(targetId);
  if (!target) throw new NotFoundError('User');
  if (!target.isActive) throw new ConflictError('user_inactive', 'This account is deactivated; a reset link would not let it sign in');
  const link = await makeResetLink(deps, target, { createdBy: admin.id, clearTwoFactor, mailed: mail, origin, endSessions: true });
  const mailed = mail ? await mailResetLink(deps, target, link.resetUrl) : false;
  return { ...link, mailed };
}

/**
 * POST /api/auth/password-reset/request ("Forgot password?"): for an active account named by its
 * email or username, a link made by the user themself, mailed to the account's address, at most
 * MAIL_ALLOWANCES['staff.password_reset'] an hour per account however it is named (decision 105). The
 * user's sessions end when the link is used, not when it is asked for. Nothing comes back and
 * nothing throws: the route answers 202 before this runs, so neither the answer nor its time says
 * whether the account exists.
 */
export async function requestResetLink(
  deps: PasswordResetDeps & { mailAllowances: MailAllowances },
  emailOrUsername: string,
  origin: string,
): Promise<void> {
  try {
    const user = (await deps.users.findCredentials(emailOrUsername))?.user;
    if (!user?.isActive) return;
    const now = deps.clock.now();
    if (!(await deps.mailAllowances.take('staff.password_reset', `user:${user.id}`, allowanceWindow('staff.password_reset', now), now)))
      return;
    const link = await makeResetLink(deps, user, { createdBy: user.id, clearTwoFactor: false, mailed: true, origin, endSessions: false });
    await mailResetLink(deps, user, link.resetUrl);
  } catch (error) {
    console.warn(`A password reset request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** POST /api/auth/password-reset: the link's holder sets a new password, once; earlier failed sign-ins no longer hold the account. */
export async function redeemResetLink(deps: PasswordResetDeps, input: { token: string; password: string }): Promise<void> {
  const now = deps.clock.now();
  const tokenHash = await deps.secrets.tokenHash(input.token);
  const reset = await deps.passwordResets.find(tokenHash);
  if (!reset || reset.usedAt !== null || reset.expiresAt <= now) throw invalidToken();
  const user = await deps.users.findById(reset.userId);
  if (!user?.isActive) throw invalidToken();
  const audit: AuditEntry[] = [
    {
      action: 'auth.password_reset',
      actorId: user.id,
      target: { type: 'user', id: user.id, label: user.username },
      detail: { clearedTwoFactor: reset.clearTwoFactor },
    },
  ];
  if (!(await deps.passwordResets.redeem(tokenHash, await deps.hasher.hash(input.password), now, audit))) throw invalidToken();
  await deps.loginAttempts.clear(accountKey(user.id));
}
