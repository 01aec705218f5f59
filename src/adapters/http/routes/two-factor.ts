import { Hono } from 'hono';
import { tellStaff } from '../staff-notices.ts';
import type { AuditEntry } from '../../../domain/audit/audit.ts';
import { ConflictError, NotFoundError, DomainError } from '../../../domain/errors.ts';
import { parseSecurityPolicy, policyCovers } from '../../../domain/security/security-policy.ts';
import { passwordCheckSchema, totpConfirmSchema } from '../../../domain/security/schemas.ts';
import { SITE_NAME } from '../../../domain/site/site-links.ts';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from '../../crypto/one-time-codes.ts';
import { matchingTotpStep, newTotpSecret, totpUri } from '../../crypto/totp.ts';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { confirmOwnPassword } from '../sign-in.ts';
import { sealTotpSecret, totpSecretOf } from '../totp-secrets.ts';
import { validate } from '../validate.ts';

const invalidCode = () =>
  new DomainError('validation', 'invalid_code', 'That code is not right. Enter the 6-digit code your app shows now.');

/** The caller's own second factor (docs/product/api-sign-in-security.md#second-factor): status, TOTP setup and removal. */
export const twoFactorRoutes = new Hono<AppEnv>()
  .use(requireSignedIn)
  .get('/', async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const status = await deps.secondFactors.status(user.id);
    // `required`: the admin's policy covers this user (the app asks them to set one up when they have none).
    // The policy came with the session (authenticate): no read of its own.
    return c.json({ ...status, required: policyCovers(parseSecurityPolicy(c.var.session!.securitySetting), user) });
  })
  .post('/totp/setup', async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const secret = newTotpSecret();
    if (!(await deps.secondFactors.savePendingTotp(user.id, await sealTotpSecret(deps, user.id, secret), deps.clock.now()))) {
      throw new ConflictError('totp_enabled', 'An authenticator app is already set up. Remove it first to set up another.');
    }
    return c.json({ secret, otpauthUrl: totpUri(secret, user.username, SITE_NAME) });
  })
  .post('/totp/confirm', validate('json', totpConfirmSchema), async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const now = deps.clock.now();
    const totp = await deps.secondFactors.findTotp(user.id);
    if (!totp || totp.confirmed)
      throw new ConflictError('no_totp_setup', 'Start the setup first: there is no authenticator app waiting to be confirmed.');
    const step = matchingTotpStep(await totpSecretOf(deps, user.id, totp), c.req.valid('json').code, Date.parse(now));
    if (step === null) throw invalidCode();
    const recoveryCodes = newRecoveryCodes();
    const hashes = await Promise.all(recoveryCodes.map((code) => recoveryCodeHash(deps.pepper, normaliseRecoveryCode(code)!)));
    const audit: AuditEntry[] = [
      { action: 'auth.totp_enabled', actorId: user.id, target: { type: 'user', id: user.id, label: user.username } },
    ];
    if (!(await deps.secondFactors.confirmTotp(user.id, step, hashes, now, audit))) {
      throw new ConflictError('no_totp_setup', 'Start the setup first: there is no authenticator app waiting to be confirmed.');
    }
    tellStaff(c, user, 'totp_enabled');
    // The only time the codes are shown: only their hashes are kept.
    return c.json({ recoveryCodes });
  })
  .delete('/totp', validate('json', passwordCheckSchema), async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    await confirmOwnPassword(deps, user, c.req.valid('json').password, deps.clock.now());
    const audit: AuditEntry[] = [
      { action: 'auth.totp_disabled', actorId: user.id, target: { type: 'user', id: user.id, label: user.username } },
    ];
    if (!(await deps.secondFactors.removeTotp(user.id, audit, deps.clock.now()))) throw new NotFoundError('Authenticator app');
    tellStaff(c, user, 'totp_disabled');
    return c.body(null, 204);
  });
