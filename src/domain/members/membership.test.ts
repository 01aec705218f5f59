import { describe, expect, it } from 'vitest';
import { membershipAnswer } from './answers.ts';
import type { StripeSubscription, SubscriptionRecord } from './entities.ts';
import { givesAccess, membershipStatus, monthlyWorth, subscriptionRecord } from './membership.ts';

const stripe = (over: Partial<StripeSubscription> = {}): StripeSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  priceId: 'price_m',
  interval: 'month',
  amount: 500,
  currency: 'usd',
  currentPeriodEnd: '2026-03-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  endedAt: null,
  startedAt: '2026-02-01T00:00:00.000Z',
  readerId: 7,
  ...over,
});
const owner = { readerId: 7, tierId: 1 };
const record = (state: StripeSubscription, previous: SubscriptionRecord | null = null, at = '2026-02-10T00:00:00.000Z') =>
  subscriptionRecord(state, owner, previous, at);

describe('paid access', () => {
  it('lasts while Stripe says active, trialing or past due', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      const kept = record(stripe({ status }));
      expect(kept.paidFrom).toBe('2026-02-01T00:00:00.000Z');
      expect(kept.accessEndsAt).toBeNull();
      expect(givesAccess(kept, '2027-01-01T00:00:00.000Z'), status).toBe(true);
    }
  });

  it('lasts to the end of the paid period after a cancellation, then stops', () => {
    const canceled = record(
      stripe({ status: 'canceled', canceledAt: '2026-02-10T00:00:00.000Z', endedAt: '2026-02-10T00:00:00.000Z' }),
      record(stripe()),
    );
    expect(canceled.accessEndsAt).toBe('2026-03-01T00:00:00.000Z');
    expect(givesAccess(canceled, '2026-02-28T23:59:59.000Z')).toBe(true);
    expect(givesAccess(canceled, '2026-03-01T00:00:00.000Z')).toBe(false);
  });

  it('never starts for a subscription whose first payment never came, and ends when an unpaid one stops', () => {
    expect(givesAccess(record(stripe({ status: 'incomplete' })), '2026-02-10T00:00:00.000Z')).toBe(false);
    const unpaid = record(stripe({ status: 'unpaid' }), record(stripe()), '2026-04-02T00:00:00.000Z');
    expect(unpaid.accessEndsAt).toBe('2026-04-02T00:00:00.000Z');
    expect(givesAccess(unpaid, '2026-04-03T00:00:00.000Z')).toBe(false);
  });

  it('says paid over comped, and comped over free', () => {
    const live = { ...record(stripe()), tierName: 'Supporter' };
    expect(membershipStatus({ subscription: live, comped: true }, '2026-02-10T00:00:00.000Z')).toBe('paid');
    expect(membershipStatus({ subscription: null, comped: true }, '2026-02-10T00:00:00.000Z')).toBe('comped');
    expect(membershipStatus({ subscription: null, comped: false }, '2026-02-10T00:00:00.000Z')).toBe('free');
  });

  it('answers the membership with its tier, renewal date and whether it runs out', () => {
    const live = { ...record(stripe({ cancelAtPeriodEnd: true })), tierName: 'Supporter' };
    expect(membershipAnswer({ readerId: 7, subscription: live, comped: false, customerId: 'cus_1' }, '2026-02-10T00:00:00.000Z')).toEqual({
      status: 'paid',
      tier: { id: 1, name: 'Supporter' },
      interval: 'month',
      currentPeriodEnd: '2026-03-01T00:00:00.000Z',
      cancelAtPeriodEnd: true,
    });
  });

  it('counts a yearly price as a twelfth of it a month', () => {
    expect(monthlyWorth({ interval: 'year', amount: 5000 })).toBe(417);
    expect(monthlyWorth({ interval: 'month', amount: 500 })).toBe(500);
  });
});
