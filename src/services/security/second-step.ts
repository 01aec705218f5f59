import type { User } from '../../domain/users/entities.ts';
import { InvalidCodeError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import type {
  AuthChallengeRepository,
  LoginAttemptRepository,
  SecondFactorRepository,
  SignInProof,
  SignInSecrets,
  TotpCodes,
} from '../../domain/security/ports.ts';
import { countFailure, failedSignInEntry } from './failed-sign-in.ts';
import { accountKey, lockoutWindow, refuseIfLocked } from './lockout.ts';
import { openSession, type OpenSessionDeps } from './sessions.ts';
import type { SecondStepDetail } from './sign-in.ts';

export interface SecondStepDeps extends OpenSessionDeps {
  users: Pick<UserRepository, 'findById'>;
  loginAttempts: LoginAttemptRepository;
  secondFactors: SecondFactorRepository;
  challenges: AuthChallengeRepository;
  clock: Clock;
  secrets: OpenSessionDeps['secrets'] & Pick<SignInSecrets, 'recoveryCodeHash'>;
  totp: Pick<TotpCodes, 'matchingStep' | 'open'>;
}

const spent = () => new InvalidCodeError('invalid_code', 'This sign-in has expired. Sign in again with your password.', true);
const wrongCode = () =>
  new InvalidCodeError('invalid_code', 'That code is not valid. Try the current code from your app, or a recovery code.');
const SIX_DIGITS = /^\d{6}$/;

/**
 * POST /api/auth/login/2fa: the code after the password. A TOTP code (one step either side of now,
 * never a step used before) or an unused recovery code opens the session, using it and the
 * challenge up, in one write that also checks the account is not locked. A wrong code counts toward
 * the account's lockout (whatever name was typed) and spends one of the challenge's three tries, in
 * one write that checks both: of any burst of wrong codes at most five are answered as wrong, the
 * rest get 429.
 */
export async function completeSecondStep(
  deps: SecondStepDeps,
  input: { challenge: string; code: string; userAgent: string | null },
): Promise<{ token: string; user: User }> {
  const now = deps.clock.now();
  const challengeId = await deps.secrets.tokenHash(input.challenge);
  const pending = await deps.challenges.find(challengeId, 'sign_in', now);
  if (!pending || pending.userId === null) throw spent();
  const user = await deps.users.findById(pending.userId);
  if (!user?.isActive) throw spent();
  const window = lockoutWindow(accountKey(user.id), now);
  await refuseIfLocked(deps, window, now);

  const proof = await proofOfCode(deps, user, challengeId, input.code, Date.parse(now));
  if (proof) {
    const token = await openSession(deps, user, {
      now,
      remember: (pending.detail as Partial<SecondStepDetail>).remember !== false,
      userAgent: input.userAgent,
      proof,
      method: proof.kind === 'recovery_code' ? 'password+recovery_code' : 'password+totp',
      lockout: window,
    });
    if (token) return { token, user };
  }
  // A wrong code, a code used before (a replay), a used recovery code, or the lockout reached meanwhile.
  const method = proof?.kind ?? (SIX_DIGITS.test(input.code.trim()) ? 'totp' : 'recovery_code');
  const outcome = await countFailure(deps, window, now, failedSignInEntry(user, window.key, method), challengeId);
  throw outcome === 'counted' ? wrongCode() : spent();
}

/** The proof a code is for this user: a TOTP code of a step not used before, or a recovery code (used or not: the write checks). */
async function proofOfCode(
  deps: SecondStepDeps,
  user: User,
  challengeId: string,
  typed: string,
  nowMs: number,
): Promise<SignInProof | null> {
  const code = typed.trim();
  const totp = await deps.secondFactors.findTotp(user.id);
  if (totp?.confirmed && SIX_DIGITS.test(code)) {
    const step = deps.totp.matchingStep(await deps.totp.open(user.id, totp.secretEncrypted), code, nowMs);
    return step === null ? null : { kind: 'totp', challengeId, userId: user.id, step };
  }
  const codeHash = await deps.secrets.recoveryCodeHash(code);
  return codeHash === null ? null : { kind: 'recovery_code', challengeId, userId: user.id, codeHash };
}
