import { Hono, type Context } from 'hono';
import { tellStaff } from '../staff-notices.ts';
import type { AuditEntry } from '../../../domain/audit/audit.ts';
import { DomainError, InvalidCodeError, NotFoundError } from '../../../domain/errors.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { passkeyRegisterSchema, passkeyRenameSchema, passkeySignInSchema } from '../../../domain/security/schemas.ts';
import { SITE_NAME } from '../../../domain/site/site-links.ts';
import { addSeconds } from '../../../domain/time.ts';
import type { AppDeps } from '../../app-deps.ts';
import { handleHash } from '../../crypto/one-time-codes.ts';
import {
  registrationOptions,
  relyingPartyOf,
  signInOptions,
  verifyRegistration,
  verifySignIn,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '../../crypto/webauthn.ts';
import type { ChallengePurpose } from '../../../domain/security/ports.ts';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { openSession, userAgentOf } from '../sign-in.ts';
import { validate } from '../validate.ts';

/** A WebAuthn ceremony must finish within this; its challenge is kept server-side and used once. */
const CEREMONY_SECONDS = 5 * 60;

const relyingParty = (c: Context<AppEnv>) => relyingPartyOf(c.req.url, SITE_NAME);
const expired = () => new DomainError('validation', 'challenge_expired', 'The passkey request expired. Try again.');
const notVerified = () => new DomainError('validation', 'invalid_passkey', 'The passkey could not be verified. Try again.');
const signInRefused = () => new InvalidCodeError('invalid_passkey', 'That passkey could not sign you in.');

async function keepChallenge(deps: AppDeps, challenge: string, purpose: ChallengePurpose, userId: number | null): Promise<void> {
  const now = deps.clock.now();
  await deps.challenges.create({
    id: await handleHash(challenge),
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
function liveChallenge(deps: AppDeps, purpose: ChallengePurpose, userId: number | null) {
  const seen = { id: null as string | null };
  const check = async (challenge: string) => {
    const id = await handleHash(challenge);
    const kept = await deps.challenges.find(id, purpose, deps.clock.now());
    if (!kept || (userId !== null && kept.userId !== userId)) return false;
    seen.id = id;
    return true;
  };
  return { check, seen };
}

/** Passkeys (docs/product/api-sign-in-security.md#passkeys): register, name, remove; sign in with one. */
export const passkeyRoutes = new Hono<AppEnv>()
  .post('/register/options', requireSignedIn, async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const existing = await deps.passkeys.listForUser(user.id);
    const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    const options = await registrationOptions(
      relyingParty(c),
      { id: user.id, username: user.username, displayName },
      existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    );
    await keepChallenge(deps, options.challenge, 'passkey_register', user.id);
    return c.json(options);
  })
  .post('/register', requireSignedIn, validate('json', passkeyRegisterSchema), async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const { response, name } = c.req.valid('json');
    const rp = relyingParty(c);
    const challenge = liveChallenge(deps, 'passkey_register', user.id);
    const verified = await verifyRegistration(response as unknown as RegistrationResponseJSON, rp, challenge.check);
    if (!verified) throw challenge.seen.id === null ? expired() : notVerified();
    const now = deps.clock.now();
    const audit: AuditEntry[] = [{ action: 'auth.passkey_added', actorId: user.id, target: null, detail: { rpId: rp.rpId } }];
    const added = await deps.passkeys.add(
      { userId: user.id, ...verified, rpId: rp.rpId, name, createdAt: now },
      challenge.seen.id!,
      now,
      audit,
    );
    if (!added) throw expired();
    tellStaff(c, user, 'passkey_added');
    return c.json(added, 201);
  })
  .post('/login/options', async (c) => {
    const options = await signInOptions(relyingParty(c));
    await keepChallenge(c.var.deps, options.challenge, 'passkey_sign_in', null);
    return c.json(options);
  })
  .post('/login', validate('json', passkeySignInSchema), async (c) => {
    const { deps } = c.var;
    const response = c.req.valid('json').response as unknown as AuthenticationResponseJSON;
    const rp = relyingParty(c);
    const passkey = await deps.passkeys.findByCredentialId(response.id);
    const user = passkey && (await deps.users.findById(passkey.userId));
    // A passkey is bound to the host it was made on; the same account on another host needs its own.
    if (!passkey || !user?.isActive || passkey.rpId !== rp.rpId) throw signInRefused();
    const challenge = liveChallenge(deps, 'passkey_sign_in', null);
    const counter = await verifySignIn(response, rp, passkey, challenge.check);
    const now = deps.clock.now();
    if (counter === null) {
      const failed: AuditEntry = {
        action: 'auth.login_failed',
        actorId: user.id,
        target: { type: 'user', id: user.id, label: user.username },
        detail: { method: 'passkey' },
      };
      await deps.loginAttempts.recordFailure(`passkey:${passkey.id}`, now, [failed]);
      throw challenge.seen.id === null
        ? new InvalidCodeError('invalid_passkey', 'The passkey request expired. Try again.', true)
        : signInRefused();
    }
    // A passkey is both factors at once: something held, unlocked by the person (user verification).
    const token = await openSession(deps, user, {
      now,
      remember: true,
      userAgent: userAgentOf(c),
      proof: { kind: 'passkey', challengeId: challenge.seen.id!, passkeyId: passkey.id, counter, usedAt: now },
      method: 'passkey',
    });
    if (!token) throw new InvalidCodeError('invalid_passkey', 'The passkey request expired. Try again.', true);
    return c.json({ token, user });
  })
  .patch('/:id', requireSignedIn, validate('param', idParamSchema), validate('json', passkeyRenameSchema), async (c) => {
    const renamed = await c.var.deps.passkeys.rename(c.var.user!.id, c.req.valid('param').id, c.req.valid('json').name);
    if (!renamed) throw new NotFoundError('Passkey');
    return c.json(renamed);
  })
  .delete('/:id', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const { id } = c.req.valid('param');
    const passkey = (await deps.passkeys.listForUser(user.id)).find((p) => p.id === id);
    // Someone else's passkey is no passkey of the caller's: 404, whether it exists or not.
    if (!passkey) throw new NotFoundError('Passkey');
    const audit: AuditEntry[] = [
      { action: 'auth.passkey_removed', actorId: user.id, target: { type: 'passkey', id, label: passkey.name } },
    ];
    if (!(await deps.passkeys.remove(user.id, id, deps.clock.now(), audit))) throw new NotFoundError('Passkey');
    tellStaff(c, user, 'passkey_removed');
    return c.body(null, 204);
  });
