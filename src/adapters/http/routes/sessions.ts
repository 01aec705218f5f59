import { Hono } from 'hono';
import type { AuditEntry } from '../../../domain/audit/audit.ts';
import { NotFoundError } from '../../../domain/errors.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** The caller's own sessions (docs/product/api-sign-in-security.md#sessions): list, end one, end all the others. */
export const sessionRoutes = new Hono<AppEnv>()
  .use(requireSignedIn)
  .get('/', async (c) => {
    const { deps, session } = c.var;
    const sessions = await deps.sessions.listForUser(c.var.user!.id, deps.clock.now());
    return c.json(sessions.map((s) => ({ ...s, current: s.id === session!.sessionId })));
  })
  // "Sign out everywhere else": every session but this one.
  .delete('/', async (c) => {
    const { deps, session } = c.var;
    const user = c.var.user!;
    const audit: AuditEntry[] = [
      { action: 'auth.other_sessions_ended', actorId: user.id, target: { type: 'user', id: user.id, label: user.username } },
    ];
    const ended = await deps.sessions.revokeOthers(user.id, session!.sessionId, deps.clock.now(), audit);
    return c.json({ ended });
  })
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const { id } = c.req.valid('param');
    const audit: AuditEntry[] = [{ action: 'auth.session_ended', actorId: user.id, target: { type: 'session', id, label: null } }];
    // Another user's session is no session of the caller's: 404, whether it exists or not.
    if (!(await deps.sessions.revokeById(user.id, id, deps.clock.now(), audit))) throw new NotFoundError('Session');
    return c.body(null, 204);
  });
