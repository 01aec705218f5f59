import { Hono } from 'hono';
import { sendAlertSchema } from '../../../domain/alerts/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { listStoryAlerts, readAlert } from '../../../services/alerts/read-alerts.ts';
import { sendAlert } from '../../../services/alerts/send-alert.ts';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** Sending a story as a breaking-news alert, under /api/stories (docs/product/api-alerts.md). */
export const storyAlertRoutes = new Hono<AppEnv>()
  .post('/:id/alert', requireSignedIn, validate('param', idParamSchema), validate('json', sendAlertSchema), async (c) => {
    const { deps, user } = c.var;
    const alert = await sendAlert(
      { ...deps, pushKeys: deps.push },
      user!,
      c.req.valid('param').id,
      c.req.valid('json'),
      new URL(c.req.url).origin,
    );
    return c.json(alert, 202);
  })
  .get('/:id/alerts', requireSignedIn, validate('param', idParamSchema), async (c) =>
    c.json(await listStoryAlerts(c.var.deps, c.var.user!, c.req.valid('param').id)),
  );

/** An alert's progress and figures (staff). */
export const alertRoutes = new Hono<AppEnv>().get('/:id', requireSignedIn, validate('param', idParamSchema), async (c) =>
  c.json(await readAlert(c.var.deps, c.req.valid('param').id)),
);
