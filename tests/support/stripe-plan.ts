import { createServer } from 'node:net';

/**
 * Where the API tests' stand-in of Stripe's API listens (tests/api/support/stripe-stand-in-setup.ts)
 * and the test-only keys the worker under test is given (vitest.config.ts). Not secrets: tests only.
 * The port is a free one chosen once per run (STRIPE_STAND_IN_PORT picks it), shared by the config's
 * bindings and the global setup through this process's environment: runs side by side never clash.
 */
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_newsroom_not_a_secret';

export async function stripeStandInPort(): Promise<number> {
  if (!process.env.STRIPE_STAND_IN_PORT) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    process.env.STRIPE_STAND_IN_PORT = String(port);
  }
  return Number(process.env.STRIPE_STAND_IN_PORT);
}

export async function testStripeBindings(): Promise<Record<string, string>> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_newsroom_stand_in',
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${await stripeStandInPort()}`,
  };
}
