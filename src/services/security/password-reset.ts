import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, DomainError, NotFoundError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { PasswordHasher, LoginAttemptRepository, PasswordResetRepository, SignInSecrets } from '../../domain/security/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import { addSeconds } from '../../domain/time.ts';
import { accountKey } from './lockout.ts';

/** A reset link works once, for this long (docs/product/api-sign-in-security.md#password-reset). */
export const RESET_LINK_HOURS = 24;
/** The page of the app that takes the link; the token rides in the fragment, which browsers never send to a server. */
export const RESET_PAGE = '/reset-password';

export interface PasswordResetDeps {
  users: Pick<UserRepository, 'findById'>;
  passwordResets: PasswordResetRepository;
  loginAttempts: LoginAttemptRepository;
  hasher: PasswordHasher;
  clock: Clock;
  secrets: Pick<SignInSecrets, 'newToken' | 'tokenHash'>;
}

const invalidToken = () =>
  new DomainError('validation', 'invalid_token', 'This reset link is used, expired or not valid. Ask an admin for a new one.');

/** POST /api/users/{id}/password-reset: an admin makes a one-time link for a user; every session of the user ends. */
export async function createResetLink(
  deps: PasswordResetDeps,
  admin: User,
  targetId: number,
  clearTwoFactor: boolean,
  origin: string,
): Promise<{ resetUrl: string; expiresAt: string }> {
  const target = await deps.users.findById(targetId);
  if (!target) throw new NotFoundError('User');
  if (!target.isActive) throw new ConflictError('user_inactive', 'This account is deactivated; a reset link would not let it sign in');
  const token = deps.secrets.newToken();
  const now = deps.clock.now();
  const expiresAt = addSeconds(now, RESET_LINK_HOURS * 3600);
  const audit: AuditEntry[] = [
    {
      action: 'auth.password_reset_link_created',
      actorId: admin.id,
      target: { type: 'user', id: target.id, label: target.username },
      detail: { clearTwoFactor },
    },
  ];
  await deps.passwordResets.create(
    { tokenHash: await deps.secrets.tokenHash(token), userId: target.id, createdBy: admin.id, clearTwoFactor, createdAt: now, expiresAt },
    audit,
  );
  return { resetUrl: `${origin}${RESET_PAGE}#token=${token}`, expiresAt };
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
