import { Hono } from 'hono';
import { parseSecurityPolicy, policyCovers } from '../../../domain/security/security-policy.ts';
import { reauthenticationSchema, totpConfirmSchema } from '../../../domain/security/schemas.ts';
import { confirmTotp, removeTotp, secondFactorStatus, startTotpSetup } from '../../../services/security/two-factor.ts';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { optionalJson, validate } from '../validate.ts';

/**
 * The caller's own second factor (docs/product/api-sign-in-security.md#second-factor): status, TOTP
 * setup and removal, each change after re-authentication (the password in the body).
 */
export const twoFactorRoutes = new Hono<AppEnv>()
  .use(requireSignedIn)
  .get('/', async (c) => {
    const user = c.var.user!;
    // `required`: the admin's policy covers this user (the app asks them to set one up when they have none).
    // The policy came with the session (authenticate): no read of its own.
    const required = policyCovers(parseSecurityPolicy(c.var.session!.securitySetting), user);
    return c.json({ ...(await secondFactorStatus(c.var.deps, user)), required });
  })
  .post('/totp/setup', async (c) => {
    const { password } = await optionalJson(c, reauthenticationSchema);
    return c.json(await startTotpSetup(c.var.deps, c.var.user!, c.var.session!, password));
  })
  .post('/totp/confirm', validate('json', totpConfirmSchema), async (c) =>
    c.json(await confirmTotp(c.var.deps, c.var.user!, c.var.session!, c.req.valid('json').code, new URL(c.req.url).origin)),
  )
  .delete('/totp', async (c) => {
    const { password } = await optionalJson(c, reauthenticationSchema);
    await removeTotp(c.var.deps, c.var.user!, c.var.session!, password, new URL(c.req.url).origin);
    return c.body(null, 204);
  });
