import { Hono } from 'hono';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { passwordResetSchema, resetLinkSchema, resetRequestSchema } from '../../../domain/security/schemas.ts';
import { createResetLink, redeemResetLink, requestResetLink } from '../../../services/security/password-reset.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../validate.ts';
import { waitUntilOf } from '../wait-until.ts';
import { linkOriginOf } from '../link-origin.ts';

/** POST /api/users/{id}/password-reset: an admin makes a one-time link for a user; every session of the user ends. */
export const resetLinkRoutes = new Hono<AppEnv>().post(
  '/:id/password-reset',
  requireAdmin,
  validate('param', idParamSchema),
  validate('json', resetLinkSchema),
  async (c) => {
    return c.json(await createResetLink(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json'), linkOriginOf(c)));
  },
);

/** POST /api/auth/password-reset: the link's holder sets a new password, once; /request is "Forgot password?". */
export const passwordResetRoutes = new Hono<AppEnv>()
  .post('/request', rateLimit('signIn'), validate('json', resetRequestSchema), (c) => {
    // Answered before the lookup and the mail run, so the answer's time says nothing about the account.
    waitUntilOf(c)(requestResetLink(c.var.deps, c.req.valid('json').emailOrUsername, linkOriginOf(c)));
    return c.json({}, 202);
  })
  .post('/', rateLimit('signIn'), validate('json', passwordResetSchema), async (c) => {
    await redeemResetLink(c.var.deps, c.req.valid('json'));
    return c.body(null, 204);
  });
