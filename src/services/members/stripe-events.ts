import { ServiceUnavailableError, ValidationError } from '../../domain/errors.ts';
import { givesAccess, subscriptionRecord } from '../../domain/members/membership.ts';
import type { MemberRepository, MemberWrite, PaymentEvent, PaymentGateway, TierRepository } from '../../domain/members/revenue-ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { ReaderRepository } from '../../domain/readers/ports.ts';
import { gatewayOrThrow } from './payments.ts';

/**
 * POST /api/stripe/webhook (decision 093). Events arrive at least once and in any order; each is
 * handled once (its id recorded in the same atomic write as what it changed), and none is applied as
 * a change to what we hold: a subscription event makes us read the subscription from Stripe as it is
 * now, a payment is one row by its invoice or session, a refund says Stripe's total refunded so far.
 * However the events come, the membership ends as Stripe's latest state says.
 */

export interface StripeEventDeps {
  members: MemberRepository;
  tiers: TierRepository;
  readers: Pick<ReaderRepository, 'findById'>;
  payments: PaymentGateway | null;
  clock: Clock;
}

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

export async function handleStripeEvent(deps: StripeEventDeps, payload: string, signature: string | undefined): Promise<EventOutcome> {
  const stripe = gatewayOrThrow(deps.payments);
  if (!signature) throw new ValidationError({ signature: 'Stripe-Signature is missing' }, 'The event is not signed');
  let event: PaymentEvent;
  try {
    event = await stripe.verifyEvent(payload, signature);
  } catch {
    throw new ValidationError({ signature: 'The signature does not verify, or is too old' }, 'The event is not signed by Stripe');
  }
  if (event.type === 'other') return 'ignored';
  if (await deps.members.handled(event.id)) return 'duplicate';
  const writes = await writesFor(deps, stripe, event);
  return (await deps.members.apply(writes, event, deps.clock.now())) ? 'handled' : 'duplicate';
}

async function writesFor(deps: StripeEventDeps, stripe: PaymentGateway, event: PaymentEvent): Promise<MemberWrite[]> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const { session } = event;
      const readerId = await existingReader(deps, session.readerId);
      const link: MemberWrite[] = readerId && session.customerId ? [{ kind: 'customer', readerId, customerId: session.customerId }] : [];
      if (session.mode === 'subscription' && session.subscriptionId)
        return [...link, ...(await syncSubscription(deps, stripe, session.subscriptionId, readerId))];
      if (session.mode === 'payment' && session.isDonation && session.paid) {
        const gift: MemberWrite = {
          kind: 'payment',
          payment: {
            kind: 'donation',
            stripeRef: session.id,
            readerId,
            email: readerId ? null : session.email,
            stripeSubscriptionId: null,
            paymentIntent: session.paymentIntent,
            amount: session.amount,
            currency: session.currency,
            status: 'paid',
            occurredAt: event.createdAt,
          },
        };
        return [...link, gift];
      }
      return link;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return syncSubscription(deps, stripe, event.subscriptionId, null);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const { invoice } = event;
      const customerReader = invoice.customerId ? await deps.members.readerOfCustomer(invoice.customerId) : null;
      // A failed payment leaves the subscription past due (access kept); a paid one renews it: either way, its state now.
      const synced = invoice.subscriptionId ? await syncSubscription(deps, stripe, invoice.subscriptionId, customerReader) : [];
      // The invoice may come before the Checkout that linked the customer: the subscription's own reader names it then.
      const readerId =
        customerReader ?? synced.flatMap((write) => (write.kind === 'subscription' ? [write.record.readerId] : []))[0] ?? null;
      const payment: MemberWrite = {
        kind: 'payment',
        payment: {
          kind: 'subscription',
          stripeRef: invoice.id,
          readerId,
          email: null,
          stripeSubscriptionId: invoice.subscriptionId,
          paymentIntent: null,
          amount: invoice.amount,
          currency: invoice.currency,
          status: event.type === 'invoice.paid' ? 'paid' : 'failed',
          occurredAt: invoice.at,
        },
      };
      return [payment, ...synced];
    }
    case 'charge.refunded': {
      const { charge } = event;
      let match = { paymentIntent: charge.paymentIntent, stripeRef: null as string | null };
      let payment = await deps.members.findPayment(match);
      if (!payment && charge.paymentIntent) {
        match = { paymentIntent: null, stripeRef: await stripe.invoiceOfPaymentIntent(charge.paymentIntent) };
        payment = match.stripeRef ? await deps.members.findPayment(match) : null;
      }
      // Refunded before we heard it was paid: Stripe sends it again later, when the payment is here.
      if (!payment)
        throw new ServiceUnavailableError(
          'payment_not_yet_known',
          'The refunded payment is not known here yet; send the event again later.',
        );
      return [
        {
          kind: 'refund',
          paymentIntent: match.paymentIntent,
          stripeRef: match.paymentIntent ? null : payment.stripeRef,
          refunded: charge.amountRefunded,
        },
      ];
    }
  }
  return [];
}

/** A reader id from Stripe's metadata, if that reader still exists (one who deleted their account does not). */
async function existingReader(deps: StripeEventDeps, readerId: number | null): Promise<number | null> {
  if (readerId === null) return null;
  return (await deps.readers.findById(readerId)) ? readerId : null;
}

/**
 * The subscription as Stripe says it is now, to keep. Read time first: a later read always carries a
 * later time, and storage keeps the latest read whichever write lands last.
 */
export async function syncSubscription(
  deps: StripeEventDeps,
  stripe: PaymentGateway,
  subscriptionId: string,
  readerHint: number | null,
): Promise<MemberWrite[]> {
  const readAt = deps.clock.now();
  const state = await stripe.subscription(subscriptionId);
  if (!state) return [];
  const readerId = (await existingReader(deps, state.readerId)) ?? readerHint ?? (await deps.members.readerOfCustomer(state.customerId));
  const [tier, previous] = await Promise.all([
    state.priceId ? deps.tiers.findByPrice(state.priceId) : null,
    deps.members.subscription(subscriptionId),
  ]);
  const record = subscriptionRecord(state, { readerId, tierId: tier?.id ?? null }, previous, readAt);
  const writes: MemberWrite[] = [{ kind: 'subscription', record }];
  if (readerId) {
    writes.unshift({ kind: 'customer', readerId, customerId: state.customerId });
    // Paid access wins over a comp: the comp ends when the reader starts paying.
    if (givesAccess(record, readAt)) writes.push({ kind: 'end-comp', readerId, userId: null });
  }
  return writes;
}

/**
 * The minute job: subscriptions kept as live whose period ended over an hour ago without news from
 * Stripe (a renewal or an end we never heard of) are read again, a few each minute.
 */
export async function resyncOverdueSubscriptions(deps: StripeEventDeps, limit = 20): Promise<number> {
  if (!deps.payments) return 0;
  const stripe = deps.payments;
  const now = deps.clock.now();
  const overdue = await deps.members.overdue(new Date(Date.parse(now) - 3_600_000).toISOString(), limit);
  for (const subscription of overdue)
    await deps.members.apply(await syncSubscription(deps, stripe, subscription.id, subscription.readerId), null, now);
  return overdue.length;
}

/** Stripe retries an event for three days: ids kept a month cover every retry. */
export const EVENT_MEMORY_DAYS = 30;

/** The minute job's part: overdue subscriptions read again (a few), and old event ids forgotten. */
export async function tidyMemberships(deps: StripeEventDeps): Promise<void> {
  // Stripe out of reach this minute: the next one tries again; the rest of the minute job goes on.
  await resyncOverdueSubscriptions(deps).catch((error: unknown) =>
    console.error('Re-reading overdue subscriptions from Stripe failed', error),
  );
  await deps.members.pruneEvents(new Date(Date.parse(deps.clock.now()) - EVENT_MEMORY_DAYS * 86_400_000).toISOString());
}
