import Stripe from 'stripe';
import type { Interval, StripeSubscription, SubscriptionStatus } from '../../domain/members/entities.ts';
import type { HostedPage, PaymentEvent, PaymentGateway } from '../../domain/members/revenue-ports.ts';

/**
 * Stripe through the official `stripe` package, its Workers build: requests over fetch
 * (createFetchHttpClient), webhook signatures checked with WebCrypto (createSubtleCryptoProvider).
 * `apiBase` (STRIPE_API_BASE) sends every call to a stand-in of Stripe's API instead (tests,
 * `STRIPE_STAND_IN=1 npm start`; decision 092).
 */

const iso = (seconds: number | null | undefined): string | null => (seconds == null ? null : new Date(seconds * 1000).toISOString());
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const readerIdOf = (metadata: Record<string, string> | null | undefined): number | null => {
  const value = Number(metadata?.readerId);
  return Number.isInteger(value) && value > 0 ? value : null;
};

function subscriptionOf(subscription: Stripe.Subscription): StripeSubscription {
  const item = subscription.items.data[0];
  const recurring = item?.price.recurring?.interval;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status as SubscriptionStatus,
    priceId: item?.price.id ?? null,
    interval: recurring === 'month' || recurring === 'year' ? (recurring as Interval) : null,
    amount: item?.price.unit_amount ?? 0,
    currency: subscription.currency,
    currentPeriodEnd: iso(item?.current_period_end),
    // The portal may cancel at a time rather than at the period's end: either way it runs out.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at != null,
    canceledAt: iso(subscription.canceled_at),
    endedAt: iso(subscription.ended_at),
    startedAt: iso(subscription.start_date)!,
    readerId: readerIdOf(subscription.metadata),
  };
}

function modeOf(mode: string): 'subscription' | 'payment' | 'setup' {
  return mode === 'subscription' || mode === 'payment' ? mode : 'setup';
}

/** The facts of a verified event the newsroom acts on; any other type is `other` (acknowledged, nothing done). */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const handled = { id: event.id, createdAt: iso(event.created)! };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return {
        ...handled,
        type: 'checkout.session.completed',
        session: {
          id: session.id,
          mode: modeOf(session.mode),
          paid: session.payment_status !== 'unpaid',
          readerId: readerIdOf(session.metadata) ?? (Number(session.client_reference_id) || null),
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
          paymentIntent: idOf(session.payment_intent),
          amount: session.amount_total ?? 0,
          currency: session.currency ?? 'usd',
          email: session.customer_details?.email ?? session.customer_email ?? null,
          isDonation: session.metadata?.kind === 'donation',
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...handled, type: event.type, subscriptionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const paid = event.type === 'invoice.paid';
      return {
        ...handled,
        type: event.type,
        invoice: {
          id: invoice.id!,
          customerId: idOf(invoice.customer),
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          amount: paid ? invoice.amount_paid : invoice.amount_due,
          currency: invoice.currency,
          at: iso(paid ? (invoice.status_transitions.paid_at ?? event.created) : event.created)!,
        },
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...handled,
        type: 'charge.refunded',
        charge: { id: charge.id, paymentIntent: idOf(charge.payment_intent), amountRefunded: charge.amount_refunded },
      };
    }
    default:
      return { ...handled, type: 'other' };
  }
}

/** Where the SDK sends its calls: Stripe's API, or a stand-in at `apiBase` (http allowed: it is on this machine). */
function hostOf(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

export class StripeGateway implements PaymentGateway {
  private readonly stripe: Stripe;
  private readonly crypto = Stripe.createSubtleCryptoProvider();

  constructor(
    secretKey: string,
    private readonly webhookSecret: string | null,
    apiBase?: string,
  ) {
    this.stripe = new Stripe(secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 1,
      timeout: 10_000,
      appInfo: { name: 'The Newsroom' },
      ...hostOf(apiBase),
    });
  }

  async createProduct(product: { name: string; description: string; active: boolean; tierId: number | null }): Promise<string> {
    const created = await this.stripe.products.create({
      name: product.name,
      ...(product.description ? { description: product.description } : {}),
      active: product.active,
      metadata: product.tierId === null ? {} : { tierId: String(product.tierId) },
    });
    return created.id;
  }

  async updateProduct(id: string, product: { name: string; description: string; active: boolean }): Promise<void> {
    // Stripe takes an empty string to clear a description.
    await this.stripe.products.update(id, { name: product.name, description: product.description, active: product.active });
  }

  async createPrice(price: { productId: string; currency: string; amount: number; interval: Interval }): Promise<string> {
    const created = await this.stripe.prices.create({
      product: price.productId,
      currency: price.currency,
      unit_amount: price.amount,
      recurring: { interval: price.interval },
    });
    return created.id;
  }

  async archivePrice(id: string): Promise<void> {
    await this.stripe.prices.update(id, { active: false });
  }

  async configurePortal(
    existing: string | null,
    products: { productId: string; priceIds: string[] }[],
    returnUrl: string,
  ): Promise<string> {
    const features: Stripe.BillingPortal.ConfigurationCreateParams.Features = {
      customer_update: { enabled: true, allowed_updates: ['email', 'address'] },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      // Readers who cancel keep what they paid for: to the end of the period (decision 093).
      subscription_cancel: { enabled: true, mode: 'at_period_end' },
      subscription_update:
        products.length > 0
          ? {
              enabled: true,
              default_allowed_updates: ['price'],
              proration_behavior: 'create_prorations',
              products: products.map((p) => ({ product: p.productId, prices: p.priceIds })),
            }
          : { enabled: false },
    };
    if (existing) {
      const updated = await this.stripe.billingPortal.configurations.update(existing, { features, default_return_url: returnUrl });
      return updated.id;
    }
    const created = await this.stripe.billingPortal.configurations.create({ features, default_return_url: returnUrl });
    return created.id;
  }

  async subscriptionCheckout(checkout: Parameters<PaymentGateway['subscriptionCheckout']>[0]): Promise<HostedPage> {
    const metadata = { readerId: String(checkout.readerId), tierId: String(checkout.tierId), kind: 'membership' };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: checkout.priceId, quantity: 1 }],
      client_reference_id: String(checkout.readerId),
      ...(checkout.customerId ? { customer: checkout.customerId } : { customer_email: checkout.email }),
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      metadata,
      subscription_data: { metadata },
    });
    return { id: session.id, url: session.url! };
  }

  async donationCheckout(checkout: Parameters<PaymentGateway['donationCheckout']>[0]): Promise<HostedPage> {
    const metadata: Record<string, string> = { kind: 'donation', ...(checkout.readerId ? { readerId: String(checkout.readerId) } : {}) };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      submit_type: 'donate',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: checkout.gift.currency,
            unit_amount: checkout.gift.amount,
            product_data: { name: 'A gift to the newsroom' },
          },
        },
      ],
      ...(checkout.customerId ? { customer: checkout.customerId } : checkout.email ? { customer_email: checkout.email } : {}),
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      metadata,
      payment_intent_data: { metadata },
    });
    return { id: session.id, url: session.url! };
  }

  async billingPortal(session: { customerId: string; returnUrl: string; configuration: string | null }): Promise<HostedPage> {
    const portal = await this.stripe.billingPortal.sessions.create({
      customer: session.customerId,
      return_url: session.returnUrl,
      ...(session.configuration ? { configuration: session.configuration } : {}),
    });
    return { id: portal.id, url: portal.url };
  }

  async subscription(id: string): Promise<StripeSubscription | null> {
    try {
      return subscriptionOf(await this.stripe.subscriptions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async cancelSubscription(id: string): Promise<void> {
    await this.stripe.subscriptions.cancel(id);
  }

  async invoiceOfPaymentIntent(paymentIntent: string): Promise<string | null> {
    const found = await this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 });
    return idOf(found.data[0]?.invoice);
  }

  async verifyEvent(payload: string, signature: string): Promise<PaymentEvent> {
    if (!this.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    const event = await this.stripe.webhooks.constructEventAsync(payload, signature, this.webhookSecret, undefined, this.crypto);
    return paymentEventOf(event);
  }
}
