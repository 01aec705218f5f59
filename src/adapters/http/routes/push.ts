import { Hono } from 'hono';
import { subscribeSchema, unsubscribeSchema } from '../../../domain/alerts/schemas.ts';
import { ALERTS_NOT_CONFIGURED, subscribeToAlerts } from '../../../services/alerts/subscribe-to-alerts.ts';
import { unsubscribeFromAlerts } from '../../../services/alerts/unsubscribe-from-alerts.ts';
import type { AppEnv } from '../context.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../validate.ts';

/** How long browsers and caches may keep the VAPID public key: it changes only when the keys are replaced. */
const KEY_MAX_AGE_SECONDS = 300;

/** A reader's browser and breaking-news alerts (docs/product/api-alerts.md): anyone, no sign-in. */
export const pushRoutes = new Hono<AppEnv>()
  .get('/key', (c) => {
    const publicKey = c.var.deps.push.publicKey;
    if (publicKey === null) throw ALERTS_NOT_CONFIGURED();
    c.header('Cache-Control', `public, max-age=${KEY_MAX_AGE_SECONDS}`);
    return c.json({ publicKey });
  })
  .post('/subscriptions', rateLimit('subscribe'), validate('json', subscribeSchema), async (c) => {
    const { deps } = c.var;
    const saved = await subscribeToAlerts(
      { pushSubscriptions: deps.pushSubscriptions, pushKeys: deps.push, beats: deps.beats, clock: deps.clock },
      c.req.valid('json'),
      { allowPrivate: deps.pushAllowPrivate },
    );
    return c.json(saved, 201);
  })
  .delete('/subscriptions', validate('json', unsubscribeSchema), async (c) => {
    await unsubscribeFromAlerts(c.var.deps, c.req.valid('json').endpoint);
    return c.body(null, 204);
  });
