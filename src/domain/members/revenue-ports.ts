import type { Interval, MemberState, Payment, PaymentWrite, StripeSubscription, SubscriptionRecord, Tier } from './entities.ts';
import type { MembersQuery } from './schemas.ts';
import type { Reader } from '../readers/entities.ts';
import type { Money } from './money.ts';

/** What members and reader revenue need from storage (src/adapters/d1) and from Stripe (src/adapters/stripe). */

export interface TierWrite {
  name: string;
  description: string;
  currency: string;
  monthlyAmount: number;
  yearlyAmount: number;
  isActive: boolean;
  stripeProductId: string;
  stripeMonthlyPriceId: string;
  stripeYearlyPriceId: string;
}

export interface TierRepository {
  /** Every tier, active ones first, cheapest first. */
  list(): Promise<Tier[]>;
  findById(id: number): Promise<Tier | null>;
  /** The tier a Stripe price belongs to, today's price or one it had before. */
  findByPrice(priceId: string): Promise<Tier | null>;
  create(tier: TierWrite, now: string): Promise<Tier>;
  /** Writes the tier; prices it no longer uses are kept as its former prices. */
  update(id: number, tier: TierWrite, now: string): Promise<Tier | null>;
}

/** A Stripe event as the newsroom keeps it: handled once (its id), atomically with what it changed. */
export interface HandledEvent {
  id: string;
  type: string;
  createdAt: string;
}

/** One change an event (or a call) makes to members' storage; applied together, atomically. */
export type MemberWrite =
  | { kind: 'customer'; readerId: number; customerId: string }
  | { kind: 'subscription'; record: SubscriptionRecord }
  /** A reader who now pays loses the comp they had (paid access wins over it). */
  | { kind: 'end-comp'; readerId: number; userId: number | null }
  | { kind: 'payment'; payment: PaymentWrite }
  /** Refunds of a payment found by its payment intent or its Stripe reference: `refunded` is the total so far. */
  | { kind: 'refund'; paymentIntent: string | null; stripeRef: string | null; refunded: number };

export interface MemberListItem {
  reader: Reader;
  state: MemberState;
}

export interface MemberRepository {
  /** A reader's membership as kept: the subscription giving access now (else the latest), the comp, the customer. */
  state(readerId: number, now: string): Promise<MemberState>;
  readerOfCustomer(customerId: string): Promise<number | null>;
  subscription(id: string): Promise<SubscriptionRecord | null>;
  /** The payment a refund is of: by its payment intent (a gift) or its Stripe reference (an invoice). */
  findPayment(match: { paymentIntent: string | null; stripeRef: string | null }): Promise<Payment | null>;
  /** Whether this event was handled already. */
  handled(eventId: string): Promise<boolean>;
  /**
   * Applies the writes in one atomic batch; with an event, records it in the same batch, and when it
   * is there already applies nothing and answers false. A subscription is written only when its state
   * was read from Stripe no earlier than the one kept.
   */
  apply(writes: readonly MemberWrite[], event: HandledEvent | null, now: string): Promise<boolean>;
  /** Opens a comp (false: one is open already) or ends the open one (false: none is). */
  setComped(readerId: number, comped: boolean, userId: number, now: string): Promise<boolean>;
  list(query: MembersQuery, now: string): Promise<{ total: number; members: MemberListItem[] }>;
  payments(readerId: number): Promise<Payment[]>;
  /** Live subscriptions (kept as giving access with no end) whose period ended before `before`: Stripe owes us news of them. */
  overdue(before: string, limit: number): Promise<SubscriptionRecord[]>;
  /** Forgets handled events older than `before`. */
  pruneEvents(before: string): Promise<void>;
}

/** Daily and monthly changes the members' figures are made from (domain/members/figures.ts). */
export interface FigureChanges {
  /** Readers that existed before the range, and those who joined on each day (YYYY-MM-DD). */
  readersBefore: number;
  readersJoined: Record<string, number>;
  /** Paid access (count and monthly worth) and comps open at the range's start, and their starts and ends by day. */
  paidBefore: { count: number; worth: number };
  paidStarted: Record<string, { count: number; worth: number }>;
  paidEnded: Record<string, { count: number; worth: number }>;
  compedBefore: number;
  compsStarted: Record<string, number>;
  compsEnded: Record<string, number>;
  /** Cancellations asked for, by day. */
  cancelled: Record<string, number>;
  /** Gifts by day: how many, and what they brought net of refunds. */
  donations: Record<string, { count: number; amount: number }>;
}

export interface MemberFigures {
  changes(start: string, end: string): Promise<FigureChanges>;
  /** Members now: readers, those with paid access, comped ones without it, and MRR (smallest units). */
  current(now: string): Promise<{ readers: number; paid: number; comped: number; mrr: number }>;
}

/** A Checkout session or a portal session Stripe made: where to send the reader. */
export interface HostedPage {
  id: string;
  url: string;
}

/** The facts of a Stripe event the newsroom acts on (src/adapters/stripe reads them from the verified event). */
export type PaymentEvent = HandledEvent &
  (
    | {
        type: 'checkout.session.completed';
        session: {
          id: string;
          mode: 'subscription' | 'payment' | 'setup';
          paid: boolean;
          readerId: number | null;
          customerId: string | null;
          subscriptionId: string | null;
          paymentIntent: string | null;
          amount: number;
          currency: string;
          email: string | null;
          isDonation: boolean;
        };
      }
    | { type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted'; subscriptionId: string }
    | {
        type: 'invoice.paid' | 'invoice.payment_failed';
        invoice: { id: string; customerId: string | null; subscriptionId: string | null; amount: number; currency: string; at: string };
      }
    | { type: 'charge.refunded'; charge: { id: string; paymentIntent: string | null; amountRefunded: number } }
    | { type: 'other' }
  );

/** Stripe, as the newsroom uses it (the official `stripe` package over fetch: src/adapters/stripe). */
export interface PaymentGateway {
  createProduct(product: { name: string; description: string; active: boolean; tierId: number | null }): Promise<string>;
  updateProduct(id: string, product: { name: string; description: string; active: boolean }): Promise<void>;
  createPrice(price: { productId: string; currency: string; amount: number; interval: Interval }): Promise<string>;
  archivePrice(id: string): Promise<void>;
  /** The billing portal's settings: cancel at period end, change between these tiers' prices; its id. */
  configurePortal(existing: string | null, products: { productId: string; priceIds: string[] }[], returnUrl: string): Promise<string>;
  subscriptionCheckout(checkout: {
    priceId: string;
    tierId: number;
    readerId: number;
    email: string;
    customerId: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<HostedPage>;
  donationCheckout(checkout: {
    gift: Money;
    email: string | null;
    readerId: number | null;
    customerId: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<HostedPage>;
  billingPortal(session: { customerId: string; returnUrl: string; configuration: string | null }): Promise<HostedPage>;
  /** The subscription as Stripe says it is now; null when Stripe has none by that id. */
  subscription(id: string): Promise<StripeSubscription | null>;
  /** Ends it now (a reader who deletes their account). */
  cancelSubscription(id: string): Promise<void>;
  /** The invoice a payment intent paid, when it paid one. */
  invoiceOfPaymentIntent(paymentIntent: string): Promise<string | null>;
  /** Checks the Stripe-Signature header against the endpoint's secret; throws when it does not verify. */
  verifyEvent(payload: string, signature: string): Promise<PaymentEvent>;
}
