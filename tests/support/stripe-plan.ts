/**
 * Where the API tests' stand-in of Stripe's API listens (tests/api/support/stripe-stand-in-setup.ts)
 * and the test-only keys the worker under test is given (vitest.config.ts). Not secrets: tests only.
 */
export const STRIPE_STAND_IN_PORT = Number(process.env.STRIPE_STAND_IN_PORT ?? 12111);
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_newsroom_not_a_secret';

export function testStripeBindings(): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_newsroom_stand_in',
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}`,
  };
}
