import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import { DomainError, InvalidCodeError, NotFoundError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import type { AuditLog } from '../../domain/audit/ports.ts';
import type {
  AuthChallengeRepository,
  CeremonyOptions,
  ChallengePurpose,
  LoginAttemptRepository,
  PasskeyCeremonies,
  PasskeyRepository,
  PasskeySummary,
  RelyingParty,
  SignInSecrets,
} from '../../domain/security/ports.ts';
import { addSeconds } from '../../domain/time.ts';
import { reauthenticate, type CallerSession, type ReauthenticationDeps } from './reauthentication.ts';
import { openSession, type OpenSessionDeps } from './sessions.ts';

/** A WebAuthn ceremony must finish within this; its challenge is kept server-side and used once. */
export const CEREMONY_SECONDS = 5 * 60;

export interface PasskeyDeps extends ReauthenticationDeps, OpenSessionDeps {
  users: ReauthenticationDeps['users'] & Pick<UserRepository, 'findById'>;
  passkeys: PasskeyRepository;
  challenges: AuthChallengeRepository;
  loginAttempts: LoginAttemptRepository;
  audit: Pick<AuditLog, 'append'>;
  ceremonies: PasskeyCeremonies;
  clock: Clock;
  secrets: OpenSessionDeps['secrets'] & Pick<SignInSecrets, 'tokenHash'>;
}

const expired = () => new DomainError('validation', 'challenge_expired', 'The passkey request expired. Try again.');
const notVerified = () => new DomainError('validation', 'invalid_passkey', 'The passkey could not be verified. Try again.');
const signInRefused = () => new InvalidCodeError('invalid_passkey', 'That passkey could not sign you in.');
const signInExpired = () => new InvalidCodeError('invalid_passkey', 'The passkey request expired. Try again.', true);

async function keepChallenge(deps: PasskeyDeps, challenge: string, purpose: ChallengePurpose, userId: number | null): Promise<void> {
  const now = deps.clock.now();
  await deps.challenges.create({
    id: await deps.secrets.tokenHash(challenge),
    purpose,
    userId,
    detail: {},
    createdAt: now,
    expiresAt: addSeconds(now, CEREMONY_SECONDS),
  });
}

/**
 * The check a ceremony's answer makes of its challenge: still kept (unexpired, unused), for this
 * purpose and user. Remembers which it was, so the write that follows can use it up.
 */
function liveChallenge(deps: PasskeyDeps, purpose: ChallengePurpose, userId: number | null) {
  const seen = { id: null as string | null };
  const check = async (challenge: string) => {
    const id = await deps.secrets.tokenHash(challenge);
    const kept = await deps.challenges.find(id, purpose, deps.clock.now());
    if (!kept || (userId !== null && kept.userId !== userId)) return false;
    seen.id = id;
    return true;
  };
  return { check, seen };
}

/** POST /api/auth/passkeys/register/options: after re-authentication, a registration ceremony's options. */
export async function passkeyRegistrationOptions(
  deps: PasskeyDeps,
  user: User,
  session: CallerSession,
  password: string | undefined,
  rp: RelyingParty,
): Promise<CeremonyOptions> {
  await reauthenticate(deps, user, session, password, deps.clock.now());
  const existing = await deps.passkeys.listForUser(user.id);
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const options = await deps.ceremonies.registrationOptions(
    rp,
    { id: user.id, username: user.username, displayName },
    existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
  );
  await keepChallenge(deps, options.challenge, 'passkey_register', user.id);
  return options;
}

/**
 * POST /api/auth/passkeys/register: the authenticator's answer to the options (their challenge is
 * the re-authentication's proof); the passkey is stored, the challenge used up and every other
 * session of the user ended, in one write.
 */
export async function registerPasskey(
  deps: PasskeyDeps,
  user: User,
  session: CallerSession,
  input: { response: unknown; name: string },
  rp: RelyingParty,
): Promise<PasskeySummary> {
  const challenge = liveChallenge(deps, 'passkey_register', user.id);
  const verified = await deps.ceremonies.verifyRegistration(input.response, rp, challenge.check);
  if (!verified) throw challenge.seen.id === null ? expired() : notVerified();
  const now = deps.clock.now();
  const audit: AuditEntry[] = [{ action: 'auth.passkey_added', actorId: user.id, target: null, detail: { rpId: rp.rpId } }];
  const added = await deps.passkeys.add(
    { userId: user.id, ...verified, rpId: rp.rpId, name: input.name, createdAt: now },
    challenge.seen.id!,
    now,
    audit,
    session.sessionId,
  );
  if (!added) throw expired();
  deps.staffMail.notice(user.email, 'passkey_added', rp.origin);
  return added;
}

/** POST /api/auth/passkeys/login/options: a sign-in ceremony's options (a discoverable credential names its account). */
export async function passkeySignInOptions(deps: PasskeyDeps, rp: RelyingParty): Promise<CeremonyOptions> {
  const options = await deps.ceremonies.signInOptions(rp);
  await keepChallenge(deps, options.challenge, 'passkey_sign_in', null);
  return options;
}

/**
 * POST /api/auth/passkeys/login: a passkey is both factors at once (something held, unlocked by the
 * person). A passkey is bound to the host it was made on. Failures are audited but not counted
 * toward the password lockout: nothing can be guessed (decision 050).
 */
export async function signInWithPasskey(
  deps: PasskeyDeps,
  input: { credentialId: string; response: unknown; userAgent: string | null },
  rp: RelyingParty,
): Promise<{ token: string; user: User }> {
  const passkey = await deps.passkeys.findByCredentialId(input.credentialId);
  const user = passkey && (await deps.users.findById(passkey.userId));
  if (!passkey || !user?.isActive || passkey.rpId !== rp.rpId) throw signInRefused();
  const challenge = liveChallenge(deps, 'passkey_sign_in', null);
  const counter = await deps.ceremonies.verifySignIn(input.response, rp, passkey, challenge.check);
  const now = deps.clock.now();
  if (counter === null) {
    const failed: AuditEntry = {
      action: 'auth.login_failed',
      actorId: user.id,
      target: { type: 'user', id: user.id, label: user.username },
      detail: { method: 'passkey' },
    };
    await deps.audit.append([failed], now);
    throw challenge.seen.id === null ? signInExpired() : signInRefused();
  }
  const token = await openSession(deps, user, {
    now,
    remember: true,
    userAgent: input.userAgent,
    proof: { kind: 'passkey', challengeId: challenge.seen.id!, passkeyId: passkey.id, counter, usedAt: now },
    method: 'passkey',
  });
  if (!token) throw signInExpired();
  return { token, user };
}

/** PATCH /api/auth/passkeys/{id}: the owner's passkey, renamed. */
export async function renamePasskey(deps: Pick<PasskeyDeps, 'passkeys'>, user: User, id: number, name: string): Promise<PasskeySummary> {
  const renamed = await deps.passkeys.rename(user.id, id, name);
  if (!renamed) throw new NotFoundError('Passkey');
  return renamed;
}

/** DELETE /api/auth/passkeys/{id}: after re-authentication; someone else's passkey is none of the caller's (404). */
export async function removePasskey(
  deps: PasskeyDeps,
  user: User,
  session: CallerSession,
  id: number,
  password: string | undefined,
  origin: string,
): Promise<void> {
  const now = deps.clock.now();
  await reauthenticate(deps, user, session, password, now);
  const passkey = (await deps.passkeys.listForUser(user.id)).find((p) => p.id === id);
  if (!passkey) throw new NotFoundError('Passkey');
  const audit: AuditEntry[] = [{ action: 'auth.passkey_removed', actorId: user.id, target: { type: 'passkey', id, label: passkey.name } }];
  if (!(await deps.passkeys.remove(user.id, id, now, audit))) throw new NotFoundError('Passkey');
  deps.staffMail.notice(user.email, 'passkey_removed', origin);
}
