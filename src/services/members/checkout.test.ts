import { describe, expect, it } from 'vitest';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../../domain/errors.ts';
import type { MemberState, SubscriptionRecord, Tier } from '../../domain/members/entities.ts';
import type { MemberRepository, PaymentGateway, TierRepository } from '../../domain/members/revenue-ports.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import { openBillingPortal, startCheckout, startDonation, type CheckoutDeps } from './checkout.ts';
import { createTier } from './tiers.ts';

/** Sending readers to Stripe, over in-memory fakes of the ports (the real thing: tests/api/members-stripe.test.ts). */

const NOW = '2026-03-01T12:00:00.000Z';
const reader: Reader = { id: 7, email: 'ada@example.com', name: null, createdAt: NOW, updatedAt: NOW, lastSignedInAt: NOW };
const tier: Tier = {
  id: 1,
  name: 'Supporter',
  description: '',
  monthly: { amount: 800, currency: 'usd' },
  yearly: { amount: 8000, currency: 'usd' },
  isActive: true,
  stripeProductId: 'prod_1',
  stripeMonthlyPriceId: 'price_m',
  stripeYearlyPriceId: 'price_y',
  createdAt: NOW,
  updatedAt: NOW,
};

function live(overrides: Partial<SubscriptionRecord> = {}): MemberState['subscription'] {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    readerId: 7,
    tierId: 1,
    tierName: 'Supporter',
    status: 'active',
    interval: 'month',
    amount: 800,
    currency: 'usd',
    currentPeriodEnd: '2026-03-31T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    canceledAt: null,
    startedAt: NOW,
    paidFrom: NOW,
    accessEndsAt: null,
    syncedAt: NOW,
    ...overrides,
  };
}

function fakes(state: Partial<MemberState> = {}, payments: 'stripe' | null = 'stripe') {
  const asked: Record<string, unknown>[] = [];
  const gateway = {
    subscriptionCheckout: async (checkout: Record<string, unknown>) => (
      asked.push(checkout),
      { id: 'cs_1', url: 'https://checkout.example/cs_1' }
    ),
    donationCheckout: async (checkout: Record<string, unknown>) => (
      asked.push(checkout),
      { id: 'cs_2', url: 'https://checkout.example/cs_2' }
    ),
    billingPortal: async (session: Record<string, unknown>) => (asked.push(session), { id: 'bps_1', url: 'https://portal.example/bps_1' }),
  } as unknown as PaymentGateway;
  const deps: CheckoutDeps = {
    tiers: { findById: async (id: number) => (id === tier.id ? tier : null) } as unknown as TierRepository,
    members: {
      state: async (readerId: number) => ({ readerId, subscription: null, comped: false, customerId: null, ...state }),
    } as unknown as MemberRepository,
    payments: payments ? gateway : null,
    settings: { get: async () => 'bpc_1', put: async () => undefined } as unknown as CheckoutDeps['settings'],
    clock: { now: () => NOW },
  };
  return { deps, asked };
}

describe('Checkout', () => {
  it('makes a subscription Checkout for the reader, on the interval’s price, back to where they were', async () => {
    const { deps, asked } = fakes();
    expect(await startCheckout(deps, reader, { tierId: 1, interval: 'year', next: '/news/x' }, 'https://news.example')).toEqual({
      url: 'https://checkout.example/cs_1',
    });
    expect(asked[0]).toMatchObject({
      priceId: 'price_y',
      readerId: 7,
      email: 'ada@example.com',
      successUrl: 'https://news.example/news/x#membership-welcome',
    });
  });

  it('answers 503 payments_not_configured without a Stripe key, for Checkout, gifts and the portal; tiers too', async () => {
    const { deps } = fakes({}, null);
    await expect(startCheckout(deps, reader, { tierId: 1, interval: 'month' }, 'https://n.example')).rejects.toThrow(
      ServiceUnavailableError,
    );
    await expect(startDonation(deps, null, { amount: 500, currency: 'usd' }, 'https://n.example')).rejects.toMatchObject({
      code: 'payments_not_configured',
    });
    await expect(openBillingPortal(deps, reader, 'https://n.example')).rejects.toMatchObject({ code: 'payments_not_configured' });
    const tierInput = {
      name: 'T',
      description: '',
      monthly: { amount: 500, currency: 'usd' as const },
      yearly: { amount: 5000, currency: 'usd' as const },
      isActive: true,
    };
    await expect(createTier({ ...deps, tiers: deps.tiers }, tierInput, 'https://n.example')).rejects.toMatchObject({
      code: 'payments_not_configured',
    });
  });

  it('refuses an unknown tier, a reader already paid (409), and sends a change of plan to the portal (409)', async () => {
    await expect(startCheckout(fakes().deps, reader, { tierId: 9, interval: 'month' }, 'https://n.example')).rejects.toThrow(
      ValidationError,
    );
    const paid = fakes({ subscription: live(), customerId: 'cus_1' }).deps;
    await expect(startCheckout(paid, reader, { tierId: 1, interval: 'month' }, 'https://n.example')).rejects.toMatchObject({
      code: 'already_paid',
    });
    await expect(startCheckout(paid, reader, { tierId: 1, interval: 'year' }, 'https://n.example')).rejects.toThrow(ConflictError);
    // Cancelled and past its period: free again, so Checkout is open.
    const lapsed = fakes({ subscription: live({ status: 'canceled', accessEndsAt: '2026-02-01T00:00:00.000Z' }), customerId: 'cus_1' });
    await startCheckout(lapsed.deps, reader, { tierId: 1, interval: 'month' }, 'https://n.example');
    expect(lapsed.asked[0]).toMatchObject({ customerId: 'cus_1' });
  });

  it('opens the portal only for a reader with a Stripe customer', async () => {
    await expect(openBillingPortal(fakes().deps, reader, 'https://n.example')).rejects.toMatchObject({ code: 'no_billing' });
    const { deps, asked } = fakes({ customerId: 'cus_1' });
    expect((await openBillingPortal(deps, reader, 'https://n.example')).url).toBe('https://portal.example/bps_1');
    expect(asked[0]).toEqual({ customerId: 'cus_1', returnUrl: 'https://n.example/account', configuration: 'bpc_1' });
  });
});
