import type { Money } from './money.ts';

/** Members and reader revenue (docs/product/api.md, "Members and reader revenue"; decisions 090-094). */

export const INTERVALS = ['month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

/** A paid tier an admin defined, with the Stripe product and prices made to match it. */
export interface Tier {
  id: number;
  name: string;
  description: string;
  monthly: Money;
  yearly: Money;
  isActive: boolean;
  stripeProductId: string;
  stripeMonthlyPriceId: string;
  stripeYearlyPriceId: string;
  createdAt: string;
  updatedAt: string;
}

/** Stripe's subscription statuses. */
export type SubscriptionStatus =
  'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';

/** A subscription as Stripe says it is now (src/adapters/stripe reads it from Stripe's API). */
export interface StripeSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  priceId: string | null;
  interval: Interval | null;
  amount: number;
  currency: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  endedAt: string | null;
  startedAt: string;
  /** The reader it was made for (our Checkout's metadata), when it says. */
  readerId: number | null;
}

/** A subscription as the newsroom keeps it (migrations/0051): Stripe's state plus the span of paid access it gave. */
export interface SubscriptionRecord {
  id: string;
  customerId: string;
  readerId: number | null;
  tierId: number | null;
  status: SubscriptionStatus;
  interval: Interval | null;
  amount: number;
  currency: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  startedAt: string;
  paidFrom: string | null;
  accessEndsAt: string | null;
  syncedAt: string;
}

/** What the newsroom knows of one reader's membership. */
export interface MemberState {
  readerId: number;
  /** The subscription that gives access now, else the latest one, else none. */
  subscription: (SubscriptionRecord & { tierName: string | null }) | null;
  comped: boolean;
  customerId: string | null;
}

export type PaymentKind = 'subscription' | 'donation';
export type PaymentStatus = 'paid' | 'failed' | 'refunded' | 'partially_refunded';

export interface Payment {
  id: number;
  kind: PaymentKind;
  stripeRef: string;
  readerId: number | null;
  email: string | null;
  amount: number;
  currency: string;
  refundedAmount: number;
  status: PaymentStatus;
  occurredAt: string;
}

/** A payment to record: idempotent by its Stripe reference (an invoice, a Checkout session). */
export interface PaymentWrite {
  kind: PaymentKind;
  stripeRef: string;
  readerId: number | null;
  email: string | null;
  stripeSubscriptionId: string | null;
  paymentIntent: string | null;
  amount: number;
  currency: string;
  status: 'paid' | 'failed';
  occurredAt: string;
}
