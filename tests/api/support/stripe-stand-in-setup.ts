import type { TestProject } from 'vitest/node';
import { StripeStandIn } from '../../../scripts/lib/stripe-stand-in/stripe-stand-in.ts';
import { stripeStandInPort, TEST_STRIPE_WEBHOOK_SECRET } from '../../support/stripe-plan.ts';

/**
 * The API tests' stand-in of Stripe's API (scripts/lib/stripe-stand-in, decision 092): one per run,
 * in Node, on the port the worker's STRIPE_API_BASE names (a free one, chosen once per run). The worker in the pool has no port of
 * its own, so the stand-in answers its events to the test (support/stripe.ts), which posts them to
 * the webhook as Stripe would.
 */
export default async function startStripeStandIn(project: TestProject): Promise<() => Promise<void>> {
  const standIn = await StripeStandIn.start({ port: await stripeStandInPort(), webhookSecret: TEST_STRIPE_WEBHOOK_SECRET });
  project.provide('stripeStandInOrigin', standIn.origin);
  return () => standIn.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    stripeStandInOrigin: string;
  }
}
