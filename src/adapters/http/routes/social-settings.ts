import { Hono } from 'hono';
import { socialSettingsSchema } from '../../../domain/site/social.ts';
import { saveSocialSettings, socialSettings } from '../../../services/site/social-settings.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/**
 * The site's social handles (docs/product/api-pictures.md, "Link previews"): public to read (they
 * are in every page's head), set by an admin. A change refreshes the edge cache like any public write.
 */
export const socialSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await socialSettings(c.var.deps)))
  .put('/', requireAdmin, validate('json', socialSettingsSchema), async (c) =>
    c.json(await saveSocialSettings(c.var.deps, c.var.user!, c.req.valid('json'))),
  );
