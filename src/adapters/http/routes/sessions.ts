import { Hono } from 'hono';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { endOtherSessions, endOwnSession, listOwnSessions } from '../../../services/security/own-sessions.ts';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** The caller's own sessions (docs/product/api-sign-in-security.md#sessions): list, end one, end all the others. */
export const sessionRoutes = new Hono<AppEnv>()
  .use(requireSignedIn)
  .get('/', async (c) => c.json(await listOwnSessions(c.var.deps, c.var.user!, c.var.session!.sessionId)))
  // "Sign out everywhere else": every session but this one.
  .delete('/', async (c) => c.json({ ended: await endOtherSessions(c.var.deps, c.var.user!, c.var.session!.sessionId) }))
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    await endOwnSession(c.var.deps, c.var.user!, c.req.valid('param').id);
    return c.body(null, 204);
  });
