import { Hono } from 'hono';
import { auditQuerySchema } from '../../../domain/audit/schemas.ts';
import { readAuditLog } from '../../../services/audit/audit-log.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** The audit log, newest first, for admins (docs/product/api-sign-in-security.md#audit-log). Nothing edits or deletes it. */
export const auditRoutes = new Hono<AppEnv>().get('/', requireAdmin, validate('query', auditQuerySchema), async (c) => {
  return c.json(await readAuditLog(c.var.deps, c.req.valid('query')));
});
