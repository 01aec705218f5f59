import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { text as readText } from 'node:stream/consumers';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { field, parseFormBody, type FormObject, type FormValue } from './form-body.ts';

/**
 * A stand-in of Stripe's REST API on this machine (decision 092; the brief: services we cannot
 * reach are tested at their protocol boundary). It answers the calls the newsroom's gateway
 * (src/adapters/stripe) makes, with Stripe's shapes, form-encoded bodies and Stripe's error body:
 * products, prices, billing portal configurations and sessions, Checkout sessions, subscriptions
 * (retrieve, cancel), invoice payments. It has a "hosted Checkout page" a browser can complete: the
 * session becomes paid, a customer and (in subscription mode) an active subscription with a paid
 * invoice exist, and the events Stripe would send are signed with the real SDK
 * (`generateTestHeaderString`) and posted to the webhook URL, before the browser is sent to the
 * session's success_url.
 *
 * What happens later at Stripe (a renewal that fails, a cancellation in the portal, a refund) is
 * driven through its own control calls under /_stand_in/ (tests/api/support/stripe.ts): each changes
 * the objects as Stripe would and answers the signed events it makes (and posts them, when a webhook
 * URL is set). POST /_stand_in/sign signs any event (forged: another secret; stale: an old timestamp).
 */

export interface StandInOptions {
  port?: number;
  /** The webhook endpoint's secret (STRIPE_WEBHOOK_SECRET) events are signed with. */
  webhookSecret: string;
  /** Where events are posted (the worker's /api/stripe/webhook); without it they are only answered. */
  webhookUrl?: string;
}

/** An event as the stand-in sends it: the body and its Stripe-Signature. */
export interface SignedEvent {
  type: string;
  payload: string;
  signature: string;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };

class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'resource_missing',
    readonly param?: string,
  ) {
    super(message);
  }
}

const DAY = 86_400;
const PERIOD: Record<string, number> = { month: 30 * DAY, year: 365 * DAY };

export class StripeStandIn {
  private readonly objects = new Map<string, StripeObject>();
  private readonly sequence = new Map<string, number>();
  /** Every API call the gateway made: method, path and parsed body (tests check what was asked). */
  readonly requests: { method: string; path: string; body: FormObject }[] = [];
  /** Every event made, in order. */
  readonly events: SignedEvent[] = [];
  private readonly stripe = new Stripe('sk_test_stand_in_signer');

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    private options: StandInOptions,
  ) {}

  static async start(options: StandInOptions): Promise<StripeStandIn> {
    const holder: { standIn?: StripeStandIn } = {};
    const server = createServer((request, response) => void holder.standIn!.handle(request, response));
    const standIn = (holder.standIn = new StripeStandIn(server, options));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    return standIn;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  setWebhookUrl(url: string | undefined): void {
    this.options = { ...this.options, webhookUrl: url };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  object(id: string): StripeObject | undefined {
    return this.objects.get(id);
  }

  /** Every object of a kind ('price', 'subscription'...), oldest first. */
  objectsOf(kind: string): StripeObject[] {
    return [...this.objects.values()].filter((object) => object.object === kind);
  }

  private now(): number {
    return Math.floor(Date.now() / 1000);
  }

  private newId(prefix: string): string {
    const n = (this.sequence.get(prefix) ?? 0) + 1;
    this.sequence.set(prefix, n);
    return `${prefix}_standin${String(n).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;
  }

  private put<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  private get(id: string, object: string): StripeObject {
    const found = this.objects.get(id);
    if (!found || found.object !== object)
      throw new StandInError(404, `No such ${object.replace('_', ' ')}: '${id}'`, 'resource_missing', 'id');
    return found;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const url = new URL(request.url ?? '/', this.origin);
      const raw = await readText(request);
      const isJson = (request.headers['content-type'] ?? '').includes('application/json');
      const body: FormObject = isJson
        ? raw
          ? (JSON.parse(raw) as FormObject)
          : {}
        : parseFormBody(request.method === 'GET' ? url.search.slice(1) : raw);
      if (url.pathname.startsWith('/v1/')) {
        if (!/^Bearer sk_(test|live)_/.test(request.headers.authorization ?? ''))
          throw new StandInError(401, 'Invalid API Key provided', 'api_key_invalid');
        this.requests.push({ method: request.method ?? 'GET', path: url.pathname, body });
      }
      const answer = await this.route(request.method ?? 'GET', url.pathname, body, response);
      if (answer === undefined) return;
      response.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${this.newId('r')}` });
      response.end(JSON.stringify(answer));
    } catch (error) {
      const known = error instanceof StandInError ? error : new StandInError(500, String(error), 'api_error');
      response.writeHead(known.status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: {
            type: known.status >= 500 ? 'api_error' : 'invalid_request_error',
            message: known.message,
            code: known.code,
            param: known.param,
          },
        }),
      );
    }
  }

  private async route(method: string, path: string, body: FormObject, response: ServerResponse): Promise<unknown> {
    const match = (pattern: RegExp) => pattern.exec(`${method} ${path}`)?.[1] ?? null;
    let id: string | null;
    if (match(/^(POST) \/v1\/products$/)) return this.createProduct(body);
    if ((id = match(/^POST \/v1\/products\/([^/]+)$/))) return this.update(id, 'product', body, ['name', 'description', 'active']);
    if (match(/^(POST) \/v1\/prices$/)) return this.createPrice(body);
    if ((id = match(/^POST \/v1\/prices\/([^/]+)$/))) return this.update(id, 'price', body, ['active']);
    if (match(/^(POST) \/v1\/billing_portal\/configurations$/)) return this.portalConfiguration(null, body);
    if ((id = match(/^POST \/v1\/billing_portal\/configurations\/([^/]+)$/))) return this.portalConfiguration(id, body);
    if (match(/^(POST) \/v1\/billing_portal\/sessions$/)) return this.portalSession(body);
    if (match(/^(POST) \/v1\/checkout\/sessions$/)) return this.createCheckout(body);
    if ((id = match(/^GET \/v1\/subscriptions\/([^/]+)$/))) return this.get(id, 'subscription');
    if ((id = match(/^DELETE \/v1\/subscriptions\/([^/]+)$/)))
      return (await this.changeSubscription(id, { status: 'canceled' })).subscription;
    if (match(/^(GET) \/v1\/invoice_payments$/)) return this.invoicePayments(body);
    if ((id = match(/^GET \/checkout\/([^/]+)$/))) return this.checkoutPage(id, response);
    if ((id = match(/^POST \/checkout\/([^/]+)\/pay$/))) return this.payPage(id, field(body, 'email'), response);
    if ((id = match(/^GET \/portal\/([^/]+)$/))) return this.portalPage(id, response);
    if (match(/^(POST) \/_stand_in\/sign$/))
      return this.sign(body.event as unknown as StripeObject, field(body, 'secret'), Number(field(body, 'timestamp')));
    if ((id = match(/^POST \/_stand_in\/checkout\/([^/]+)\/complete$/)))
      return { events: await this.completeCheckout(id, field(body, 'email')) };
    if ((id = match(/^POST \/_stand_in\/subscriptions\/([^/]+)$/))) return { events: (await this.changeSubscription(id, body)).events };
    if ((id = match(/^POST \/_stand_in\/subscriptions\/([^/]+)\/fail_payment$/))) return { events: await this.failRenewal(id) };
    if ((id = match(/^POST \/_stand_in\/subscriptions\/([^/]+)\/renew$/))) return { events: await this.renew(id) };
    if (match(/^(POST) \/_stand_in\/refunds$/))
      return { events: await this.refund(field(body, 'payment_intent') ?? '', Number(field(body, 'amount'))) };
    if ((id = match(/^GET \/_stand_in\/objects\/([^/]+)$/))) return this.objects.get(id) ?? null;
    if ((id = match(/^GET \/_stand_in\/list\/([a-z_.]+)$/))) return this.objectsOf(id);
    if (match(/^(GET) \/_stand_in\/requests$/)) return this.requests;
    throw new StandInError(404, `Unrecognized request URL (${method}: ${path}).`, 'resource_missing');
  }

  private createProduct(body: FormObject): StripeObject {
    const name = field(body, 'name');
    if (!name) throw new StandInError(400, 'Missing required param: name.', 'parameter_missing', 'name');
    return this.put({
      id: this.newId('prod'),
      object: 'product',
      name,
      description: field(body, 'description') || null,
      active: field(body, 'active') !== 'false',
      metadata: (body.metadata as FormObject) ?? {},
      created: this.now(),
      livemode: false,
    });
  }

  private createPrice(body: FormObject): StripeObject {
    const product = field(body, 'product');
    this.get(product ?? '', 'product');
    const amount = Number(field(body, 'unit_amount'));
    if (!Number.isInteger(amount) || amount < 0)
      throw new StandInError(400, 'Invalid integer: unit_amount', 'parameter_invalid_integer', 'unit_amount');
    const interval = field(body, 'recurring', 'interval');
    return this.put({
      id: this.newId('price'),
      object: 'price',
      product: product!,
      currency: field(body, 'currency') ?? 'usd',
      unit_amount: amount,
      recurring: interval ? { interval, interval_count: 1 } : null,
      type: interval ? 'recurring' : 'one_time',
      active: true,
      created: this.now(),
      livemode: false,
    });
  }

  private update(id: string, object: string, body: FormObject, fields: string[]): StripeObject {
    const found = this.get(id, object);
    for (const name of fields) {
      const value = field(body, name);
      if (value === undefined) continue;
      found[name] = name === 'active' ? value === 'true' : value === '' ? null : value;
    }
    return found;
  }

  private portalConfiguration(id: string | null, body: FormObject): StripeObject {
    const existing = id ? this.get(id, 'billing_portal.configuration') : null;
    return this.put({
      id: existing?.id ?? this.newId('bpc'),
      object: 'billing_portal.configuration',
      active: true,
      is_default: false,
      features: body.features ?? existing?.features ?? {},
      default_return_url: field(body, 'default_return_url') ?? existing?.default_return_url ?? null,
      created: (existing?.created as number) ?? this.now(),
      livemode: false,
    });
  }

  private portalSession(body: FormObject): StripeObject {
    const customer = field(body, 'customer');
    this.get(customer ?? '', 'customer');
    const configuration = field(body, 'configuration');
    if (configuration) this.get(configuration, 'billing_portal.configuration');
    const id = this.newId('bps');
    return this.put({
      id,
      object: 'billing_portal.session',
      customer: customer!,
      return_url: field(body, 'return_url') ?? null,
      configuration: configuration ?? null,
      url: `${this.origin}/portal/${id}`,
      created: this.now(),
      livemode: false,
    });
  }

  private createCheckout(body: FormObject): StripeObject {
    const mode = field(body, 'mode');
    if (mode !== 'subscription' && mode !== 'payment') throw new StandInError(400, 'Invalid mode', 'parameter_invalid', 'mode');
    const successUrl = field(body, 'success_url');
    if (!successUrl) throw new StandInError(400, 'Missing required param: success_url.', 'parameter_missing', 'success_url');
    const item = (body.line_items as FormValue[] | undefined)?.[0] as FormObject | undefined;
    if (!item) throw new StandInError(400, 'Missing required param: line_items.', 'parameter_missing', 'line_items');
    let amount: number;
    let currency: string;
    let priceId: string | null = null;
    if (mode === 'subscription') {
      const price = this.get(field(item, 'price') ?? '', 'price');
      if (!price.recurring)
        throw new StandInError(400, 'Subscription mode needs a recurring price', 'parameter_invalid', 'line_items[0][price]');
      if (!price.active) throw new StandInError(400, 'The price is not active', 'parameter_invalid', 'line_items[0][price]');
      amount = price.unit_amount as number;
      currency = price.currency as string;
      priceId = price.id;
    } else {
      amount = Number(field(item, 'price_data', 'unit_amount'));
      currency = field(item, 'price_data', 'currency') ?? '';
      if (!Number.isInteger(amount) || amount < 1 || !currency)
        throw new StandInError(400, 'Invalid price_data', 'parameter_invalid', 'line_items[0][price_data]');
    }
    const customer = field(body, 'customer') ?? null;
    if (customer) this.get(customer, 'customer');
    const id = this.newId('cs_test');
    return this.put({
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${this.origin}/checkout/${id}`,
      success_url: successUrl,
      cancel_url: field(body, 'cancel_url') ?? null,
      client_reference_id: field(body, 'client_reference_id') ?? null,
      customer,
      customer_email: field(body, 'customer_email') ?? null,
      customer_details: null,
      metadata: (body.metadata as FormObject) ?? {},
      subscription_metadata: ((body.subscription_data as FormObject | undefined)?.metadata as FormObject) ?? {},
      payment_intent_metadata: ((body.payment_intent_data as FormObject | undefined)?.metadata as FormObject) ?? {},
      submit_type: field(body, 'submit_type') ?? null,
      subscription: null,
      payment_intent: null,
      amount_total: amount,
      currency,
      price: priceId,
      description: field(item, 'price_data', 'product_data', 'name') ?? null,
      created: this.now(),
      livemode: false,
    });
  }

  private invoicePayments(query: FormObject): StripeObject {
    const intent = field(query, 'payment', 'payment_intent');
    const data = [...this.objects.values()].filter(
      (object) => object.object === 'invoice_payment' && (object.payment as { payment_intent?: string }).payment_intent === intent,
    );
    return {
      id: '',
      object: 'list',
      data: data.slice(0, Number(field(query, 'limit') ?? 10)),
      has_more: false,
      url: '/v1/invoice_payments',
    };
  }

  /** Pays an open session as a reader would on Stripe's page; answers the events Stripe sends for it. */
  async completeCheckout(sessionId: string, email?: string): Promise<SignedEvent[]> {
    const session = this.get(sessionId, 'checkout.session');
    if (session.status !== 'open') throw new StandInError(400, 'This Checkout session is no longer open', 'checkout_session_not_open');
    const address = email ?? (session.customer_email as string | null) ?? 'giver@example.test';
    let customerId = session.customer as string | null;
    if (!customerId) {
      const customer = this.put({ id: this.newId('cus'), object: 'customer', email: address, created: this.now(), livemode: false });
      customerId = customer.id;
    }
    const intent = this.put({
      id: this.newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      customer: customerId,
      status: 'succeeded',
      metadata: session.payment_intent_metadata,
      created: this.now(),
    });
    this.put({
      id: this.newId('ch'),
      object: 'charge',
      payment_intent: intent.id,
      amount: session.amount_total,
      amount_refunded: 0,
      refunded: false,
      currency: session.currency,
      customer: customerId,
      created: this.now(),
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      customer_details: { email: address },
    });
    const events: StripeObject[] = [];
    if (session.mode === 'subscription') {
      const price = this.get(session.price as string, 'price');
      const start = this.now();
      const subscription = this.put({
        id: this.newId('sub'),
        object: 'subscription',
        customer: customerId,
        status: 'active',
        currency: price.currency,
        items: {
          object: 'list',
          data: [
            {
              id: this.newId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: start,
              current_period_end: start + PERIOD[(price.recurring as { interval: string }).interval]!,
            },
          ],
        },
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        start_date: start,
        metadata: session.subscription_metadata,
        created: start,
        livemode: false,
      });
      Object.assign(session, { subscription: subscription.id });
      const invoice = this.invoice(subscription, intent.id, 'paid');
      events.push(
        this.event('checkout.session.completed', session),
        this.event('customer.subscription.created', subscription),
        this.event('invoice.paid', invoice),
      );
    } else {
      Object.assign(session, { payment_intent: intent.id });
      events.push(this.event('checkout.session.completed', session));
    }
    return this.send(events);
  }

  private invoice(subscription: StripeObject, paymentIntent: string | null, status: 'paid' | 'open'): StripeObject {
    const item = (subscription.items as { data: { price: { unit_amount: number } }[] }).data[0]!;
    const invoice = this.put({
      id: this.newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      currency: subscription.currency,
      amount_due: item.price.unit_amount,
      amount_paid: status === 'paid' ? item.price.unit_amount : 0,
      status,
      status_transitions: { paid_at: status === 'paid' ? this.now() : null },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      created: this.now(),
      livemode: false,
    });
    if (paymentIntent)
      this.put({
        id: this.newId('inpay'),
        object: 'invoice_payment',
        invoice: invoice.id,
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        status: 'paid',
      });
    return invoice;
  }

  /** A change Stripe makes to a subscription (the portal's cancel, a status it moves to): the subscription and its event. */
  async changeSubscription(id: string, change: FormObject): Promise<{ subscription: StripeObject; events: SignedEvent[] }> {
    const subscription = this.get(id, 'subscription');
    const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
    const cancelAtPeriodEnd = field(change, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd === 'true' || (cancelAtPeriodEnd as unknown) === true;
      subscription.canceled_at = subscription.cancel_at_period_end ? this.now() : null;
      subscription.cancel_at = subscription.cancel_at_period_end ? item.current_period_end : null;
    }
    const status = field(change, 'status');
    if (status) {
      subscription.status = status;
      if (status === 'canceled') {
        subscription.canceled_at ??= this.now();
        subscription.ended_at = this.now();
      }
    }
    const price = field(change, 'price');
    if (price) item.price = this.get(price, 'price');
    const deleted = status === 'canceled';
    return {
      subscription,
      events: await this.send([this.event(deleted ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscription)]),
    };
  }

  /** A renewal whose payment fails: the subscription goes past_due, Stripe says invoice.payment_failed. */
  async failRenewal(id: string): Promise<SignedEvent[]> {
    const subscription = this.get(id, 'subscription');
    subscription.status = 'past_due';
    const invoice = this.invoice(subscription, null, 'open');
    return this.send([this.event('invoice.payment_failed', invoice), this.event('customer.subscription.updated', subscription)]);
  }

  /** A renewal that is paid: the period moves on a whole interval. */
  async renew(id: string): Promise<SignedEvent[]> {
    const subscription = this.get(id, 'subscription');
    const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
    const interval = (item.price as { recurring: { interval: string } }).recurring.interval;
    item.current_period_start = item.current_period_end;
    item.current_period_end = (item.current_period_end as number) + PERIOD[interval]!;
    subscription.status = 'active';
    const intent = this.put({
      id: this.newId('pi'),
      object: 'payment_intent',
      customer: subscription.customer,
      status: 'succeeded',
      created: this.now(),
    });
    const invoice = this.invoice(subscription, intent.id, 'paid');
    return this.send([this.event('invoice.paid', invoice), this.event('customer.subscription.updated', subscription)]);
  }

  /** Refunds `amount` more of what a payment intent paid (its charge's amount_refunded grows). */
  private async refund(paymentIntent: string, amount: number): Promise<SignedEvent[]> {
    const charge = [...this.objects.values()].find((object) => object.object === 'charge' && object.payment_intent === paymentIntent);
    if (!charge) throw new StandInError(404, `No such payment_intent: '${paymentIntent}'`);
    const refunded = Math.min((charge.amount as number) - (charge.amount_refunded as number), amount);
    charge.amount_refunded = (charge.amount_refunded as number) + refunded;
    charge.refunded = charge.amount_refunded === charge.amount;
    return this.send([this.event('charge.refunded', charge)]);
  }

  private event(type: string, object: StripeObject): StripeObject {
    return {
      id: this.newId('evt'),
      object: 'event',
      api_version: '2025-11-17.clover',
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A copy: the object as it was when the event happened, as Stripe sends it.
      data: { object: structuredClone(object) },
    };
  }

  /** Signs an event as Stripe would (another secret forges it; an old timestamp makes it stale). */
  sign(event: StripeObject, secret?: string, timestamp?: number): SignedEvent {
    const payload = JSON.stringify(event);
    const signature = this.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: secret ?? this.options.webhookSecret,
      ...(Number.isFinite(timestamp) ? { timestamp } : {}),
    });
    return { type: String(event.type), payload, signature };
  }

  private async send(events: StripeObject[]): Promise<SignedEvent[]> {
    const signed = events.map((event) => this.sign(event));
    this.events.push(...signed);
    const url = this.options.webhookUrl;
    if (url) {
      for (const event of signed) {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          body: event.payload,
        });
        await answer.arrayBuffer();
      }
    }
    return signed;
  }

  private checkoutPage(id: string, response: ServerResponse): undefined {
    const session = this.get(id, 'checkout.session');
    const amount = `${((session.amount_total as number) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
    const what = session.mode === 'subscription' ? `Subscribe: ${amount} per period` : `Give ${amount}`;
    const email = String(session.customer_email ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (Stripe stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui;max-width:28rem;margin:3rem auto;padding:0 1rem}label,input,button{display:block;width:100%;margin:.5rem 0}button{padding:.75rem;font-size:1rem}</style></head>
<body><p>Stripe stand-in: test mode</p><h1>${escapeHtml(what)}</h1>
<form method="post" action="/checkout/${escapeHtml(id)}/pay">
<label>Email <input name="email" type="email" value="${escapeHtml(email)}" required></label>
<label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
<button type="submit">${session.mode === 'subscription' ? 'Subscribe' : 'Donate'}</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p>` : ''}</body></html>`);
    return undefined;
  }

  /** Stripe's portal is theirs to show (decision 092): the stand-in's page says so and links back. */
  private portalPage(id: string, response: ServerResponse): undefined {
    const session = this.get(id, 'billing_portal.session');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal (Stripe stand-in)</title></head>
<body><h1>Billing portal</h1><p>Stripe stand-in: the real portal (cards, invoices, cancel, change plan) is Stripe's page.</p>
<p>Customer ${escapeHtml(String(session.customer))}</p><p><a href="${escapeHtml(String(session.return_url ?? '/'))}">Return</a></p></body></html>`);
    return undefined;
  }

  private async payPage(id: string, email: string | undefined, response: ServerResponse): Promise<undefined> {
    const session = this.get(id, 'checkout.session');
    await this.completeCheckout(id, email || undefined);
    response.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id) });
    response.end();
    return undefined;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
