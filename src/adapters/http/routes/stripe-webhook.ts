import { Hono } from 'hono';
import { handleStripeEvent } from '../../../services/members/stripe-events.ts';
import type { AppEnv } from '../context.ts';

/**
 * POST /api/stripe/webhook (docs/product/api.md, "Members and reader revenue"; decision 093): the
 * body is read as the exact text Stripe signed; 200 once handled (or handled before), 400 when the
 * signature is missing, wrong or stale, with nothing changed.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post('/webhook', async (c) => {
  const outcome = await handleStripeEvent(c.var.deps, await c.req.text(), c.req.header('Stripe-Signature'));
  return c.json({ received: true, outcome });
});
