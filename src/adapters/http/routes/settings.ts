import { Hono } from 'hono';
import { securityPolicySchema } from '../../../domain/security/security-policy.ts';
import { readSecurityPolicy, writeSecurityPolicy } from '../../../services/security/security-settings.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** Site settings an admin changes from the app; the sign-in policy here (docs/product/api-sign-in-security.md#the-policy). */
export const settingsRoutes = new Hono<AppEnv>()
  .get('/security', requireAdmin, async (c) => c.json(await readSecurityPolicy(c.var.deps)))
  .put('/security', requireAdmin, validate('json', securityPolicySchema), async (c) => {
    const { deps } = c.var;
    return c.json(await writeSecurityPolicy(deps, c.req.valid('json'), c.var.user!.id, deps.clock.now()));
  });
