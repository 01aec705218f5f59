import { Hono, type Context } from 'hono';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import {
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySignInSchema,
  reauthenticationSchema,
} from '../../../domain/security/schemas.ts';
import { SITE_NAME } from '../../../domain/site/site-links.ts';
import {
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from '../../../services/security/passkeys.ts';
import { relyingPartyOf } from '../../crypto/webauthn.ts';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { optionalJson, validate } from '../validate.ts';

const relyingParty = (c: Context<AppEnv>) => relyingPartyOf(c.req.url, SITE_NAME);
const userAgentOf = (c: Context<AppEnv>) => c.req.header('User-Agent') ?? null;

/**
 * Passkeys (docs/product/api-sign-in-security.md#passkeys): register (after re-authentication), name,
 * remove (after re-authentication); sign in with one.
 */
export const passkeyRoutes = new Hono<AppEnv>()
  .post('/register/options', requireSignedIn, async (c) => {
    const { password } = await optionalJson(c, reauthenticationSchema);
    return c.json(await passkeyRegistrationOptions(c.var.deps, c.var.user!, c.var.session!, password, relyingParty(c)));
  })
  .post('/register', requireSignedIn, validate('json', passkeyRegisterSchema), async (c) =>
    c.json(await registerPasskey(c.var.deps, c.var.user!, c.var.session!, c.req.valid('json'), relyingParty(c)), 201),
  )
  .post('/login/options', rateLimit('signIn'), async (c) => c.json(await passkeySignInOptions(c.var.deps, relyingParty(c))))
  .post('/login', rateLimit('signIn'), validate('json', passkeySignInSchema), async (c) => {
    const { response } = c.req.valid('json');
    const input = { credentialId: response.id, response, userAgent: userAgentOf(c) };
    return c.json(await signInWithPasskey(c.var.deps, input, relyingParty(c)));
  })
  .patch('/:id', requireSignedIn, validate('param', idParamSchema), validate('json', passkeyRenameSchema), async (c) =>
    c.json(await renamePasskey(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json').name)),
  )
  .delete('/:id', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { password } = await optionalJson(c, reauthenticationSchema);
    await removePasskey(c.var.deps, c.var.user!, c.var.session!, c.req.valid('param').id, password, relyingParty(c).origin);
    return c.body(null, 204);
  });
