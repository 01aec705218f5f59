import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, DomainError, NotFoundError } from '../../domain/errors.ts';
import type { SecondFactorRepository, SecondFactorStatus, SignInSecrets, TotpCodes } from '../../domain/security/ports.ts';
import { reauthenticate, type CallerSession, type ReauthenticationDeps } from './reauthentication.ts';

export interface TwoFactorDeps extends ReauthenticationDeps {
  secondFactors: SecondFactorRepository;
  totp: TotpCodes;
  secrets: Pick<SignInSecrets, 'newRecoveryCodes' | 'recoveryCodeHash'>;
}

const noSetup = () => new ConflictError('no_totp_setup', 'Start the setup first: there is no authenticator app waiting to be confirmed.');

/** The caller's second factors (GET /api/auth/2fa). */
export function secondFactorStatus(deps: Pick<TwoFactorDeps, 'secondFactors'>, user: User): Promise<SecondFactorStatus> {
  return deps.secondFactors.status(user.id);
}

/**
 * POST /api/auth/2fa/totp/setup: after re-authentication, a new secret (not active until
 * confirmed), sealed at rest; 409 when an authenticator app is already set up.
 */
export async function startTotpSetup(
  deps: TwoFactorDeps,
  user: User,
  session: CallerSession,
  password: string | undefined,
): Promise<{ secret: string; otpauthUrl: string }> {
  const now = deps.clock.now();
  await reauthenticate(deps, user, session, password, now);
  const secret = deps.totp.newSecret();
  if (!(await deps.secondFactors.savePendingTotp(user.id, await deps.totp.seal(user.id, secret), now))) {
    throw new ConflictError('totp_enabled', 'An authenticator app is already set up. Remove it first to set up another.');
  }
  return { secret, otpauthUrl: deps.totp.uri(secret, user.username) };
}

/**
 * POST /api/auth/2fa/totp/confirm: a code from the app turns the setup on, with ten recovery codes
 * (shown this once; only their hashes are kept), and ends every other session of the user, all in
 * one write: whoever else held a session must now pass the new factor.
 */
export async function confirmTotp(
  deps: TwoFactorDeps,
  user: User,
  session: CallerSession,
  code: string,
  origin: string,
): Promise<{ recoveryCodes: string[] }> {
  const now = deps.clock.now();
  const pending = await deps.secondFactors.findTotp(user.id);
  if (!pending || pending.confirmed) throw noSetup();
  const step = deps.totp.matchingStep(await deps.totp.open(user.id, pending.secretEncrypted), code.trim(), Date.parse(now));
  if (step === null)
    throw new DomainError('validation', 'invalid_code', 'That code is not right. Enter the 6-digit code your app shows now.');
  const recoveryCodes = deps.secrets.newRecoveryCodes();
  const hashes = await Promise.all(recoveryCodes.map(async (recovery) => (await deps.secrets.recoveryCodeHash(recovery))!));
  const audit: AuditEntry[] = [
    { action: 'auth.totp_enabled', actorId: user.id, target: { type: 'user', id: user.id, label: user.username } },
  ];
  if (!(await deps.secondFactors.confirmTotp(user.id, step, hashes, now, audit, session.sessionId))) throw noSetup();
  deps.staffMail.notice(user.email, 'totp_enabled', origin);
  return { recoveryCodes };
}

/** DELETE /api/auth/2fa/totp: after re-authentication, the app and its recovery codes go (the user is mailed). */
export async function removeTotp(
  deps: TwoFactorDeps,
  user: User,
  session: CallerSession,
  password: string | undefined,
  origin: string,
): Promise<void> {
  const now = deps.clock.now();
  await reauthenticate(deps, user, session, password, now);
  const audit: AuditEntry[] = [
    { action: 'auth.totp_disabled', actorId: user.id, target: { type: 'user', id: user.id, label: user.username } },
  ];
  if (!(await deps.secondFactors.removeTotp(user.id, audit, now))) throw new NotFoundError('Authenticator app');
  deps.staffMail.notice(user.email, 'totp_disabled', origin);
}
