import type { User } from '../../domain/users/entities.ts';
import { InvalidCredentialsError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type {
  PasswordHasher,
  AuthChallengeRepository,
  LoginAttemptRepository,
  SecondFactorRepository,
  SignInSecrets,
} from '../../domain/security/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import { addSeconds } from '../../domain/time.ts';
import { countFailure, failedSignInEntry } from './failed-sign-in.ts';
import { accountKey, lockoutWindow, refuseIfLocked, tooManyAttempts, unknownNameKey } from './lockout.ts';
import { openSession, type OpenSessionDeps } from './sessions.ts';

/** How long the second step of a sign-in may wait for its code. */
export const SECOND_STEP_SECONDS = 5 * 60;

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';

/** What the second step of a sign-in carries over from the first (its challenge's detail). */
export interface SecondStepDetail {
  remember: boolean;
}

export interface SignInDeps extends OpenSessionDeps {
  users: Pick<UserRepository, 'findCredentials'>;
  loginAttempts: LoginAttemptRepository;
  secondFactors: SecondFactorRepository;
  challenges: AuthChallengeRepository;
  hasher: PasswordHasher;
  clock: Clock;
  secrets: OpenSessionDeps['secrets'] & Pick<SignInSecrets, 'nameHash'>;
}

export type SignInResult =
  { kind: 'signed_in'; token: string; user: User } | { kind: 'second_step'; challenge: string; methods: SecondFactorMethod[] };

/**
 * POST /api/auth/login: the password step. An account with a second factor gets a challenge for
 * the second step instead of a session (its failures stay counted until that step succeeds too).
 * Unknown, deactivated and wrong-password sign-ins do the same work and get the same answer; each
 * counts toward the lockout of the account, or of the name's hash when it is no account.
 */
export async function signInWithPassword(
  deps: SignInDeps,
  input: { emailOrUsername: string; password: string; remember?: boolean; userAgent: string | null },
): Promise<SignInResult> {
  const now = deps.clock.now();
  const found = await deps.users.findCredentials(input.emailOrUsername);
  const key = found ? accountKey(found.user.id) : await unknownNameKey(deps.secrets, input.emailOrUsername);
  const window = lockoutWindow(key, now);
  await refuseIfLocked(deps, window, now);

  const passwordOk = found ? await deps.hasher.verify(input.password, found.passwordHash) : await deps.hasher.verifyNothing(input.password);
  if (!found || !passwordOk || !found.user.isActive) {
    await countFailure(deps, window, now, failedSignInEntry(found?.user ?? null, key, 'password'));
    throw new InvalidCredentialsError();
  }
  const user = found.user;
  const remember = input.remember !== false;

  const factors = await deps.secondFactors.status(user.id);
  if (factors.totp || factors.passkeys.length > 0) {
    const challenge = deps.secrets.newToken();
    const detail: SecondStepDetail = { remember };
    await deps.challenges.create({
      id: await deps.secrets.tokenHash(challenge),
      purpose: 'sign_in',
      userId: user.id,
      detail: { ...detail },
      createdAt: now,
      expiresAt: addSeconds(now, SECOND_STEP_SECONDS),
    });
    const methods: SecondFactorMethod[] = [
      ...(factors.totp ? (['totp'] as const) : []),
      ...(factors.passkeys.length > 0 ? (['passkey'] as const) : []),
      ...(factors.recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
    ];
    return { kind: 'second_step', challenge, methods };
  }

  const token = await openSession(deps, user, {
    now,
    remember,
    userAgent: input.userAgent,
    proof: { kind: 'password' },
    method: 'password',
    lockout: window,
  });
  // Only a lockout reached since the check above keeps a right password out.
  if (!token) throw await tooManyAttempts(deps, window, now);
  return { kind: 'signed_in', token, user };
}
