import { Hono } from 'hono';
import { readSocialSettings, socialSettingsSchema, SOCIAL_SETTINGS_KEY } from '../../../domain/site/social.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/**
 * The site's social handles (docs/product/api-pictures.md, "Link previews"): public to read (they
 * are in every page's head), set by an admin. A change refreshes the edge cache like any public write.
 */
export const socialSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(readSocialSettings(await c.var.deps.settings.get(SOCIAL_SETTINGS_KEY))))
  .put('/', requireAdmin, validate('json', socialSettingsSchema), async (c) => {
    const { deps, user } = c.var;
    const value = c.req.valid('json');
    await deps.settings.put(SOCIAL_SETTINGS_KEY, value, user!.id, deps.clock.now());
    return c.json(value);
  });
