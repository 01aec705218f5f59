import { Hono } from 'hono';
import { alertSettingsSchema } from '../../../domain/alerts/schemas.ts';
import { securityPolicySchema } from '../../../domain/security/security-policy.ts';
import { readAlertSettings, writeAlertSettings } from '../../../services/alerts/alert-settings.ts';
import { readSecurityPolicy, writeSecurityPolicy } from '../../../services/security/security-settings.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/**
 * Site settings an admin changes from the app: the sign-in policy (docs/product/api-sign-in-security.md#the-policy)
 * and who push services may write to about alerts (docs/product/api-alerts.md).
 */
export const settingsRoutes = new Hono<AppEnv>()
  .get('/security', requireAdmin, async (c) => c.json(await readSecurityPolicy(c.var.deps)))
  .put('/security', requireAdmin, validate('json', securityPolicySchema), async (c) => {
    const { deps } = c.var;
    return c.json(await writeSecurityPolicy(deps, c.req.valid('json'), c.var.user!.id, deps.clock.now()));
  })
  .get('/alerts', requireAdmin, async (c) => c.json(await readAlertSettings(c.var.deps)))
  .put('/alerts', requireAdmin, validate('json', alertSettingsSchema), async (c) => {
    const { deps } = c.var;
    return c.json(await writeAlertSettings(deps, c.req.valid('json'), c.var.user!.id, deps.clock.now()));
  });
