import type { MemberState, StripeSubscription, SubscriptionRecord, SubscriptionStatus } from './entities.ts';

/**
 * The membership rules (docs/product/api-members.md; decision 093): a reader
 * keeps paid access while Stripe says the subscription is active, trialing or past_due, and after a
 * cancellation until the end of the period they paid for.
 */

const LIVE: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

export function isLiveStatus(status: SubscriptionStatus): boolean {
  return LIVE.has(status);
}

/** Whether a kept subscription gives paid access at `now`. */
export function givesAccess(subscription: Pick<SubscriptionRecord, 'paidFrom' | 'accessEndsAt'>, now: string): boolean {
  return (
    subscription.paidFrom !== null &&
    subscription.paidFrom <= now &&
    (subscription.accessEndsAt === null || subscription.accessEndsAt > now)
  );
}

/**
 * Stripe's latest state of a subscription, as the newsroom keeps it. The span of paid access starts
 * the first time a state gives access (a canceled subscription had it: it was paid for) and ends when
 * Stripe stops it: for a cancellation, at the end of the period; for anything else (unpaid, expired,
 * paused), when it ended or when we learned it. `fetchedAt` is when the state was read from Stripe.
 */
export function subscriptionRecord(
  state: StripeSubscription,
  owner: { readerId: number | null; tierId: number | null },
  previous: SubscriptionRecord | null,
  fetchedAt: string,
): SubscriptionRecord {
  const everPaid = isLiveStatus(state.status) || state.status === 'canceled';
  const paidFrom = previous?.paidFrom ?? (everPaid ? state.startedAt : null);
  let accessEndsAt: string | null = null;
  if (state.status === 'canceled') accessEndsAt = state.currentPeriodEnd ?? state.endedAt ?? fetchedAt;
  else if (!isLiveStatus(state.status) && paidFrom !== null) accessEndsAt = previous?.accessEndsAt ?? state.endedAt ?? fetchedAt;
  return {
    id: state.id,
    customerId: state.customerId,
    readerId: owner.readerId,
    tierId: owner.tierId,
    status: state.status,
    interval: state.interval,
    amount: state.amount,
    currency: state.currency,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    canceledAt: state.canceledAt,
    startedAt: state.startedAt,
    paidFrom,
    accessEndsAt,
    syncedAt: fetchedAt,
  };
}

export type MembershipStatus = 'free' | 'paid' | 'comped';

export function membershipStatus(state: Pick<MemberState, 'subscription' | 'comped'>, now: string): MembershipStatus {
  if (state.subscription && givesAccess(state.subscription, now)) return 'paid';
  return state.comped ? 'comped' : 'free';
}

/** What a subscription brings in a month (a year's price over twelve): its part of MRR while it gives paid access. */
export function monthlyWorth(subscription: Pick<SubscriptionRecord, 'interval' | 'amount'>): number {
  return subscription.interval === 'year' ? Math.round(subscription.amount / 12) : subscription.amount;
}
