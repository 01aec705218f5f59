import { Hono } from 'hono';
import { tellStaff } from '../staff-notices.ts';
import type { User } from '../../../domain/users/entities.ts';
import { InvalidCodeError, InvalidCredentialsError } from '../../../domain/errors.ts';
import { loginSchema } from '../../../domain/security/schemas.ts';
import { registerSchema } from '../../../domain/users/schemas.ts';
import { passwordChangeSchema, secondStepSchema } from '../../../domain/security/schemas.ts';
import type { SignInProof } from '../../../domain/security/ports.ts';
import { addSeconds } from '../../../domain/time.ts';
import type { AppDeps } from '../../app-deps.ts';
import { handleHash, newHandle, normaliseRecoveryCode, recoveryCodeHash } from '../../crypto/one-time-codes.ts';
import { matchingTotpStep } from '../../crypto/totp.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireSignedIn, signedInUser } from '../middleware/authenticate.ts';
import { confirmOwnPassword, openSession, recordFailedSignIn, refuseIfLocked, SECOND_STEP_SECONDS, userAgentOf } from '../sign-in.ts';
import { totpSecretOf } from '../totp-secrets.ts';
import { validate } from '../validate.ts';

/** What the second step of a sign-in carries over from the first (auth_challenges.detail). */
interface SecondStep {
  identifier: string;
  remember: boolean;
}

/** The proof a code is for this user: a TOTP code of a step not used before, or an unused recovery code. */
async function proofOfCode(deps: AppDeps, user: User, challengeId: string, code: string, nowMs: number): Promise<SignInProof | null> {
  const totp = await deps.secondFactors.findTotp(user.id);
  if (totp?.confirmed && /^\d{6}$/.test(code)) {
    const step = matchingTotpStep(await totpSecretOf(deps, user.id, totp), code, nowMs);
    return step === null ? null : { kind: 'totp', challengeId, userId: user.id, step };
  }
  const recovery = normaliseRecoveryCode(code);
  if (!recovery) return null;
  return { kind: 'recovery_code', challengeId, userId: user.id, codeHash: await recoveryCodeHash(deps.pepper, recovery) };
}

export const authRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', loginSchema), async (c) => {
    const { deps } = c.var;
    const { users, loginAttempts, hasher, clock } = deps;
    const { emailOrUsername, password, remember } = c.req.valid('json');
    const identifier = emailOrUsername.toLowerCase();
    const now = clock.now();
    await refuseIfLocked(deps, identifier, now);

    const found = await users.findCredentials(emailOrUsername);
    // Unknown, deactivated and wrong-password sign-ins do the same work and get the same answer.
    const passwordOk = found ? await hasher.verify(password, found.passwordHash) : await hasher.verifyNothing(password);
    if (!found || !passwordOk || !found.user.isActive) {
      await recordFailedSignIn(deps, identifier, found?.user ?? null, now, 'password');
      throw new InvalidCredentialsError();
    }
    const user = found.user;

    // An account with a second factor gets a challenge for the second step, not a session; the
    // failures stay counted until that step succeeds too.
    const factors = await deps.secondFactors.status(user.id);
    if (factors.totp || factors.passkeys.length > 0) {
      const challenge = newHandle();
      const step: SecondStep = { identifier, remember: remember !== false };
      await deps.challenges.create({
        id: await handleHash(challenge),
        purpose: 'sign_in',
        userId: user.id,
        detail: { ...step },
        createdAt: now,
        expiresAt: addSeconds(now, SECOND_STEP_SECONDS),
      });
      const methods = [
        ...(factors.totp ? ['totp'] : []),
        ...(factors.passkeys.length > 0 ? ['passkey'] : []),
        ...(factors.recoveryCodesLeft > 0 ? ['recovery'] : []),
      ];
      return c.json({ twoFactorRequired: true, challenge, methods });
    }

    const token = await openSession(deps, user, {
      now,
      remember: remember !== false,
      userAgent: userAgentOf(c),
      proof: { kind: 'password' },
      method: 'password',
    });
    await loginAttempts.clear(identifier);
    return c.json({ token, user });
  })
  .post('/login/2fa', validate('json', secondStepSchema), async (c) => {
    const { deps } = c.var;
    const { challenge, code } = c.req.valid('json');
    const now = deps.clock.now();
    const challengeId = await handleHash(challenge);
    const pending = await deps.challenges.find(challengeId, 'sign_in', now);
    if (!pending || pending.userId === null)
      throw new InvalidCodeError('invalid_code', 'This sign-in has expired. Sign in again with your password.', true);
    const step = pending.detail as unknown as SecondStep;
    await refuseIfLocked(deps, step.identifier, now);
    const user = await deps.users.findById(pending.userId);
    if (!user?.isActive) throw new InvalidCodeError('invalid_code', 'This sign-in has expired. Sign in again with your password.', true);

    const proof = await proofOfCode(deps, user, challengeId, code, Date.parse(now));
    const method = proof?.kind === 'recovery_code' ? 'password+recovery_code' : 'password+totp';
    const token = proof && (await openSession(deps, user, { now, remember: step.remember, userAgent: userAgentOf(c), proof, method }));
    if (!token) {
      // A wrong code, a code used before (a replay) or a used recovery code: all count toward the lockout.
      await recordFailedSignIn(deps, step.identifier, user, now, proof?.kind ?? (/^\d{6}$/.test(code) ? 'totp' : 'recovery_code'));
      throw new InvalidCodeError('invalid_code', 'That code is not valid. Try the current code from your app, or a recovery code.');
    }
    await deps.loginAttempts.clear(step.identifier);
    return c.json({ token, user });
  })
  .post('/logout', async (c) => {
    signedInUser(c.var.user);
    await c.var.deps.sessions.revoke(c.var.tokenHash!, c.var.deps.clock.now());
    return c.body(null, 204);
  })
  .get('/me', (c) => c.json(signedInUser(c.var.user)))
  .post('/register', requireAdmin, validate('json', registerSchema), async (c) => {
    const { users, hasher, clock } = c.var.deps;
    const { password, ...input } = c.req.valid('json');
    const audit = [{ action: 'user.created' as const, actorId: c.var.user!.id, detail: { role: input.role } }];
    const user = await users.create({ ...input, passwordHash: await hasher.hash(password) }, clock.now(), audit);
    return c.json(user, 201);
  })
  .put('/password', requireSignedIn, validate('json', passwordChangeSchema), async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const { currentPassword, newPassword } = c.req.valid('json');
    const now = deps.clock.now();
    await confirmOwnPassword(deps, user, currentPassword, now);
    const audit = [
      { action: 'auth.password_changed' as const, actorId: user.id, target: { type: 'user' as const, id: user.id, label: user.username } },
    ];
    await deps.users.changePassword(user.id, await deps.hasher.hash(newPassword), c.var.session!.sessionId, now, audit);
    tellStaff(c, user, 'password_changed');
    return c.body(null, 204);
  });
