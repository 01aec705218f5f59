import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createStory, expectError, signUp } from './support/api.ts';
import { asReader, signInReader } from './support/readers.ts';
import {
  changeSubscription,
  completeCheckout,
  deliver,
  deliverAll,
  failRenewal,
  refund,
  renew,
  sessionIdOf,
  signEvent,
  stripeObject,
  stripeRequests,
} from './support/stripe.ts';
import { TEST_STRIPE_WEBHOOK_SECRET } from '../support/stripe-plan.ts';
import { siteApp } from './support/site-app.ts';

/**
 * Members and reader revenue through Stripe (docs/product/api.md, "Members and reader revenue";
 * decisions 092-094), end to end inside workerd: the worker's real `stripe` SDK calls the stand-in
 * of Stripe's API over HTTP (tests/api/support/stripe-stand-in-setup.ts), and the events the
 * stand-in makes are signed with the real SDK and posted to the webhook. Storage is this file's D1.
 */

let admin: Awaited<ReturnType<typeof signUp>>;
let reporter: Awaited<ReturnType<typeof signUp>>;
let tier: { id: number; name: string; monthly: { amount: number; currency: string }; yearly: { amount: number; currency: string } };

const countOf = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<number>('n');

beforeAll(async () => {
  admin = await signUp('admin');
  reporter = await signUp('reporter');
  const made = await api('/api/members/tiers', {
    method: 'POST',
    token: admin.token,
    json: {
      name: 'Supporter',
      description: 'Every story, and our thanks',
      monthly: { amount: 800, currency: 'usd' },
      yearly: { amount: 8000, currency: 'usd' },
    },
  });
  expect(made.status, made.text).toBe(201);
  tier = made.body;
});

async function payingReader(email: string, interval: 'month' | 'year' = 'month') {
  const { cookie, reader } = await signInReader(email);
  const checkout = await asReader(cookie, '/api/members/checkout', {
    method: 'POST',
    json: { tierId: tier.id, interval, next: '/news/some-story' },
  });
  expect(checkout.status, checkout.text).toBe(200);
  const events = await completeCheckout(sessionIdOf(checkout.body.url));
  const subscriptionId = JSON.parse(events.find((event) => event.type === 'customer.subscription.created')!.payload).data.object
    .id as string;
  return { cookie, reader, events, subscriptionId, sessionId: sessionIdOf(checkout.body.url) };
}

const membershipOf = async (cookie: string) => (await asReader(cookie, '/api/readers/me')).body.membership;

describe('tiers', () => {
  it('makes a Stripe product with a monthly and a yearly price to match, and lists the tier for anyone', async () => {
    const row = await env.DB.prepare('SELECT * FROM member_tiers WHERE id = ?').bind(tier.id).first<Record<string, string>>();
    const product = await stripeObject(row!.stripe_product_id!);
    expect(product).toMatchObject({ object: 'product', name: 'Supporter', active: true });
    expect(await stripeObject(row!.stripe_monthly_price_id!)).toMatchObject({
      product: product.id,
      unit_amount: 800,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    expect(await stripeObject(row!.stripe_yearly_price_id!)).toMatchObject({
      product: product.id,
      unit_amount: 8000,
      recurring: { interval: 'year' },
    });
    const listed = await api('/api/members/tiers');
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({
      id: tier.id,
      name: 'Supporter',
      description: 'Every story, and our thanks',
      monthly: { amount: 800, currency: 'usd' },
      yearly: { amount: 8000, currency: 'usd' },
      isActive: true,
    });
  });

  it('replaces a changed price with a new Stripe price, keeps the old one as the tier’s, and archives it', async () => {
    const made = await api('/api/members/tiers', {
      method: 'POST',
      token: admin.token,
      json: { name: 'Patron', monthly: { amount: 2000, currency: 'usd' }, yearly: { amount: 20000, currency: 'usd' } },
    });
    expect(made.status).toBe(201);
    const before = await env.DB.prepare('SELECT * FROM member_tiers WHERE id = ?').bind(made.body.id).first<Record<string, string>>();
    const changed = await api(`/api/members/tiers/${made.body.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { monthly: { amount: 2500, currency: 'usd' } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.monthly).toEqual({ amount: 2500, currency: 'usd' });
    expect(changed.body.yearly).toEqual({ amount: 20000, currency: 'usd' });
    const after = await env.DB.prepare('SELECT * FROM member_tiers WHERE id = ?').bind(made.body.id).first<Record<string, string>>();
    expect(after!.stripe_monthly_price_id).not.toBe(before!.stripe_monthly_price_id);
    expect(after!.stripe_yearly_price_id).toBe(before!.stripe_yearly_price_id);
    expect(await stripeObject(after!.stripe_monthly_price_id!)).toMatchObject({ unit_amount: 2500, active: true });
    expect(await stripeObject(before!.stripe_monthly_price_id!)).toMatchObject({ unit_amount: 2000, active: false });
    expect(
      await countOf(
        'SELECT count(*) AS n FROM member_tier_prices WHERE stripe_price_id = ? AND tier_id = ?',
        before!.stripe_monthly_price_id,
        made.body.id,
      ),
    ).toBe(1);
    // A tier taken off sale leaves the readers' list, and stays in the admin's.
    const off = await api(`/api/members/tiers/${made.body.id}`, { method: 'PUT', token: admin.token, json: { isActive: false } });
    expect(off.body.isActive).toBe(false);
    expect((await api('/api/members/tiers')).body.map((t: { id: number }) => t.id)).not.toContain(made.body.id);
    expect((await api('/api/members/tiers', { token: admin.token })).body.map((t: { id: number }) => t.id)).toContain(made.body.id);
  });

  it('refuses bad tiers, an unknown tier, and anyone but an admin', async () => {
    const bad = await api('/api/members/tiers', {
      method: 'POST',
      token: admin.token,
      json: { name: '', monthly: { amount: 0, currency: 'usd' }, yearly: { amount: 100, currency: 'xyz' } },
    });
    const error = expectError(bad, 400, 'validation_failed');
    expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['name']));
    expectError(await api('/api/members/tiers/99999', { method: 'PUT', token: admin.token, json: { name: 'Nope' } }), 404);
    // Two tiers may not share a name (readers choose by it), whatever its case; nothing reaches Stripe.
    const products = await countOf('SELECT count(*) AS n FROM member_tiers');
    const twin = await api('/api/members/tiers', {
      method: 'POST',
      token: admin.token,
      json: { name: ' supporter ', monthly: { amount: 500, currency: 'usd' }, yearly: { amount: 5000, currency: 'usd' } },
    });
    expect(expectError(twin, 409, 'tier_name_taken').fields).toEqual({ name: 'A tier with that name already exists' });
    expect(await countOf('SELECT count(*) AS n FROM member_tiers')).toBe(products);
    const other = await api('/api/members/tiers', {
      method: 'POST',
      token: admin.token,
      json: { name: 'Sustainer', monthly: { amount: 1200, currency: 'usd' }, yearly: { amount: 12000, currency: 'usd' } },
    });
    expect(other.status, other.text).toBe(201);
    expectError(
      await api(`/api/members/tiers/${other.body.id}`, { method: 'PUT', token: admin.token, json: { name: 'SUPPORTER' } }),
      409,
      'tier_name_taken',
    );
    // Keeping its own name (a change of description, say) is no clash.
    const same = await api(`/api/members/tiers/${other.body.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { name: 'Sustainer', description: 'More' },
    });
    expect(same.status, same.text).toBe(200);
    expectError(await api('/api/members/tiers', { method: 'POST', token: reporter.token, json: { name: 'X' } }), 403);
    expectError(await api('/api/members/tiers', { method: 'POST', json: { name: 'X' } }), 401);
  });
});

describe('Checkout, gifts and the portal', () => {
  it('sends a reader to Checkout in subscription mode, for them, with their address, and back to their story', async () => {
    const { cookie, reader } = await signInReader('checkout-shape@example.com');
    const res = await asReader(cookie, '/api/members/checkout', {
      method: 'POST',
      json: { tierId: tier.id, interval: 'year', next: '/news/a-story' },
    });
    expect(res.status, res.text).toBe(200);
    const session = await stripeObject(sessionIdOf(res.body.url));
    const row = await env.DB.prepare('SELECT stripe_yearly_price_id AS p FROM member_tiers WHERE id = ?').bind(tier.id).first<string>('p');
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(reader.id),
      customer_email: 'checkout-shape@example.com',
      price: row,
    });
    expect(session.success_url).toBe('http://newsroom.test/news/a-story#membership-welcome');
    expect(session.cancel_url).toBe('http://newsroom.test/news/a-story');
    expect(res.body.url).toBe(session.url);
  });

  it('answers 401 to a checkout without a reader, 400 to an unknown tier or interval', async () => {
    expectError(await api('/api/members/checkout', { method: 'POST', json: { tierId: tier.id, interval: 'month' } }), 401);
    const { cookie } = await signInReader('checkout-bad@example.com');
    const unknown = await asReader(cookie, '/api/members/checkout', { method: 'POST', json: { tierId: 99999, interval: 'month' } });
    expect(expectError(unknown, 400).fields).toHaveProperty('tierId');
    const interval = await asReader(cookie, '/api/members/checkout', { method: 'POST', json: { tierId: tier.id, interval: 'week' } });
    expect(expectError(interval, 400).fields).toHaveProperty('interval');
  });

  it('takes a gift from anyone within the documented bounds, in payment mode', async () => {
    const res = await api('/api/members/donate', { method: 'POST', json: { amount: 2500, currency: 'usd', email: 'giver@example.com' } });
    expect(res.status, res.text).toBe(200);
    const session = await stripeObject(sessionIdOf(res.body.url));
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 2500,
      currency: 'usd',
      customer_email: 'giver@example.com',
      submit_type: 'donate',
    });
    expect(session.metadata).toMatchObject({ kind: 'donation' });
    for (const amount of [0, 99, 1_000_001, 12.5, -100]) {
      const refused = await api('/api/members/donate', { method: 'POST', json: { amount, currency: 'usd' } });
      expect(expectError(refused, 400).fields, String(amount)).toHaveProperty('amount');
    }
    expect(
      expectError(await api('/api/members/donate', { method: 'POST', json: { amount: 500, currency: 'xyz' } }), 400).fields,
    ).toHaveProperty('currency');
  });

  it('records a gift once its Checkout completes, and a refund from Stripe’s total', async () => {
    const res = await api('/api/members/donate', { method: 'POST', json: { amount: 5000, currency: 'usd', email: 'gift@example.com' } });
    const sessionId = sessionIdOf(res.body.url);
    const events = await completeCheckout(sessionId);
    await deliverAll(events);
    await deliverAll(events);
    const payment = await env.DB.prepare('SELECT * FROM member_payments WHERE stripe_ref = ?').bind(sessionId).first<Record<string, any>>();
    expect(payment).toMatchObject({ kind: 'donation', amount: 5000, status: 'paid', email: 'gift@example.com', refunded_amount: 0 });
    const partial = await refund(payment!.payment_intent, 2000);
    const whole = await refund(payment!.payment_intent, 3000);
    // Out of order: the whole refund first, then the partial one; the total only grows.
    await deliverAll(whole);
    await deliverAll(partial);
    expect(
      await env.DB.prepare('SELECT status, refunded_amount FROM member_payments WHERE stripe_ref = ?').bind(sessionId).first(),
    ).toEqual({
      status: 'refunded',
      refunded_amount: 5000,
    });
  });

  it('opens the billing portal for a reader with a Stripe customer, and refuses one without', async () => {
    const { cookie } = await signInReader('no-billing@example.com');
    expectError(await asReader(cookie, '/api/members/portal', { method: 'POST' }), 409, 'no_billing');
    const paying = await payingReader('portal@example.com');
    await deliverAll(paying.events);
    const res = await asReader(paying.cookie, '/api/members/portal', { method: 'POST' });
    expect(res.status, res.text).toBe(200);
    const portal = await stripeObject(new URL(res.body.url).pathname.split('/').at(-1)!);
    const customer = await env.DB.prepare('SELECT stripe_customer_id AS c FROM member_customers WHERE reader_id = ?')
      .bind(paying.reader.id)
      .first<string>('c');
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer, return_url: 'http://newsroom.test/account' });
    expect(portal.configuration).toMatch(/^bpc_/);
    expectError(await api('/api/members/portal', { method: 'POST', headers: { 'Content-Type': 'application/json' } }), 401);
  });
});

describe('the webhook', () => {
  it('makes a reader paid after the signed checkout.session.completed, and 409s a second checkout', async () => {
    const paying = await payingReader('pays@example.com');
    expect((await membershipOf(paying.cookie)).status).toBe('free');
    await deliverAll(paying.events);
    const membership = await membershipOf(paying.cookie);
    expect(membership).toMatchObject({
      status: 'paid',
      tier: { id: tier.id, name: 'Supporter' },
      interval: 'month',
      cancelAtPeriodEnd: false,
    });
    expect(Date.parse(membership.currentPeriodEnd)).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    expect(
      await countOf(
        "SELECT count(*) AS n FROM member_payments WHERE reader_id = ? AND kind = 'subscription' AND status = 'paid'",
        paying.reader.id,
      ),
    ).toBe(1);
    const again = await asReader(paying.cookie, '/api/members/checkout', { method: 'POST', json: { tierId: tier.id, interval: 'month' } });
    expectError(again, 409, 'already_paid');
    // Another plan while one is live goes through the portal: 409 that says so.
    const change = await asReader(paying.cookie, '/api/members/checkout', { method: 'POST', json: { tierId: tier.id, interval: 'year' } });
    expectError(change, 409, 'change_in_portal');
  });

  it('puts the membership and the payments in the reader’s export, as the reader answer and the Members admin have them', async () => {
    const paying = await payingReader('exported@example.com');
    await deliverAll(paying.events);
    const exported = await asReader(paying.cookie, '/api/readers/me/export');
    expect(exported.status, exported.text).toBe(200);
    const membership = await membershipOf(paying.cookie);
    expect(membership.status).toBe('paid');
    expect(exported.body.membership).toEqual(membership);
    const page = await api(`/api/members/${paying.reader.id}`, { token: admin.token });
    expect(page.status, page.text).toBe(200);
    expect(page.body.payments).toHaveLength(1);
    expect(exported.body.payments).toEqual(page.body.payments);
    expect(exported.body.payments[0]).toMatchObject({ kind: 'subscription', amount: 800, currency: 'usd', status: 'paid' });
  });

  it('handles each event id once: a duplicate changes nothing', async () => {
    const paying = await payingReader('twice@example.com');
    for (const event of paying.events) expect((await deliver(event)).body).toMatchObject({ outcome: 'handled' });
    for (const event of paying.events) expect((await deliver(event)).body).toMatchObject({ outcome: 'duplicate' });
    expect(await countOf('SELECT count(*) AS n FROM member_payments WHERE reader_id = ?', paying.reader.id)).toBe(1);
    expect(await countOf('SELECT count(*) AS n FROM member_subscriptions WHERE reader_id = ?', paying.reader.id)).toBe(1);
  });

  it('ends where Stripe’s latest state says, whatever order the events come in', async () => {
    const paying = await payingReader('order@example.com');
    const cancel = await changeSubscription(paying.subscriptionId, { cancel_at_period_end: true });
    const ended = await changeSubscription(paying.subscriptionId, { status: 'canceled' });
    // Newest first, the checkout's events last: the membership still ends as Stripe has it now.
    await deliverAll([...ended, ...cancel, ...[...paying.events].reverse()]);
    const row = await env.DB.prepare('SELECT status, access_ends_at FROM member_subscriptions WHERE stripe_subscription_id = ?')
      .bind(paying.subscriptionId)
      .first<{ status: string; access_ends_at: string }>();
    expect(row!.status).toBe('canceled');
    // The invoice came before the Checkout that linked the customer: its payment is still the reader's.
    expect(await countOf("SELECT count(*) AS n FROM member_payments WHERE reader_id = ? AND kind = 'subscription'", paying.reader.id)).toBe(
      1,
    );
    // Cancelled: access lasts to the end of the period paid for.
    const membership = await membershipOf(paying.cookie);
    expect(membership).toMatchObject({ status: 'paid', cancelAtPeriodEnd: true });
    expect(row!.access_ends_at).toBe(membership.currentPeriodEnd);
  });

  it('keeps access while past_due after a failed payment, and records the failure', async () => {
    const paying = await payingReader('pastdue@example.com');
    await deliverAll(paying.events);
    await deliverAll(await failRenewal(paying.subscriptionId));
    expect(
      await env.DB.prepare('SELECT status FROM member_subscriptions WHERE stripe_subscription_id = ?')
        .bind(paying.subscriptionId)
        .first('status'),
    ).toBe('past_due');
    expect((await membershipOf(paying.cookie)).status).toBe('paid');
    expect(await countOf("SELECT count(*) AS n FROM member_payments WHERE reader_id = ? AND status = 'failed'", paying.reader.id)).toBe(1);
    // Paid later: the subscription is active again, its period moved on.
    await deliverAll(await renew(paying.subscriptionId));
    expect(
      await env.DB.prepare('SELECT status FROM member_subscriptions WHERE stripe_subscription_id = ?')
        .bind(paying.subscriptionId)
        .first('status'),
    ).toBe('active');
  });

  it('loses access when Stripe ends a subscription unpaid', async () => {
    const paying = await payingReader('unpaid@example.com');
    await deliverAll(paying.events);
    await deliverAll(await changeSubscription(paying.subscriptionId, { status: 'unpaid' }));
    expect((await membershipOf(paying.cookie)).status).toBe('free');
  });

  it('answers 400 to a forged, stale or unsigned event, and changes nothing', async () => {
    const paying = await payingReader('forged@example.com');
    const real = JSON.parse(paying.events[0]!.payload);
    const forged = await signEvent(real, { secret: 'whsec_not_ours' });
    const stale = await signEvent(real, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(TEST_STRIPE_WEBHOOK_SECRET).not.toBe('whsec_not_ours');
    expectError(await deliver(forged), 400);
    expectError(await deliver(stale), 400);
    expectError(
      await api('/api/stripe/webhook', {
        method: 'POST',
        body: paying.events[0]!.payload,
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
    );
    // Signed, then changed: the signature no longer matches.
    const tampered = { payload: paying.events[0]!.payload.replace('"paid"', '"unpaid"'), signature: paying.events[0]!.signature };
    expectError(await deliver(tampered), 400);
    expect(await countOf('SELECT count(*) AS n FROM stripe_events WHERE id = ?', real.id)).toBe(0);
    expect(await countOf('SELECT count(*) AS n FROM member_subscriptions WHERE reader_id = ?', paying.reader.id)).toBe(0);
    expect((await membershipOf(paying.cookie)).status).toBe('free');
  });
});

describe('the Members admin', () => {
  it('lists members by status and search, gives and ends comps, and exports CSV', async () => {
    const paying = await payingReader('listed-paid@example.com');
    await deliverAll(paying.events);
    const free = await signInReader('listed-free@example.com');
    const comped = await signInReader('listed-comped@example.com');
    const comp = await api(`/api/members/${comped.reader.id}`, { method: 'PUT', token: admin.token, json: { comped: true } });
    expect(comp.status, comp.text).toBe(200);
    expect(comp.body.membership.status).toBe('comped');
    expect((await membershipOf(comped.cookie)).status).toBe('comped');

    const byStatus = async (status: string) => (await api(`/api/members?status=${status}&q=listed-&limit=50`, { token: admin.token })).body;
    expect((await byStatus('paid')).members.map((m: { email: string }) => m.email)).toEqual(['listed-paid@example.com']);
    expect((await byStatus('comped')).members.map((m: { email: string }) => m.email)).toEqual(['listed-comped@example.com']);
    expect((await byStatus('free')).members.map((m: { email: string }) => m.email)).toEqual(['listed-free@example.com']);
    expect((await byStatus('free')).total).toBe(1);

    const page = await api(`/api/members/${paying.reader.id}`, { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.member.membership.status).toBe('paid');
    expect(page.body.payments).toEqual([expect.objectContaining({ kind: 'subscription', amount: 800, status: 'paid' })]);

    const csv = await api('/api/members?format=csv&q=listed-', { token: admin.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,email,name,joined,status,tier,interval,current_period_end,cancel_at_period_end');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[1])
        .sort(),
    ).toEqual(['listed-comped@example.com', 'listed-free@example.com', 'listed-paid@example.com']);

    const uncomp = await api(`/api/members/${comped.reader.id}`, { method: 'PUT', token: admin.token, json: { comped: false } });
    expect(uncomp.body.membership.status).toBe('free');
    void free;
  });

  it('keeps the Members admin to admins, and refuses bad queries', async () => {
    expectError(await api('/api/members', { token: reporter.token }), 403);
    expectError(await api('/api/members'), 401);
    expectError(await api('/api/members/figures', { token: reporter.token }), 403);
    expectError(await api('/api/members?status=gold', { token: admin.token }), 400);
    expectError(await api('/api/members/1', { method: 'PUT', token: admin.token, json: { comped: 'yes' } }), 400);
    expectError(await api('/api/members/99999', { method: 'PUT', token: admin.token, json: { comped: true } }), 404);
    expectError(await api('/api/members/figures?from=2026-13-01', { token: admin.token }), 400);
  });

  it('counts paid and free members, MRR, new and cancelled per month, and gifts', async () => {
    const yearly = await payingReader('figures-yearly@example.com', 'year');
    await deliverAll(yearly.events);
    const res = await api('/api/members/figures', { token: admin.token });
    expect(res.status, res.text).toBe(200);
    const figures = res.body;
    const paidNow = await countOf(
      'SELECT count(DISTINCT reader_id) AS n FROM member_subscriptions WHERE paid_from IS NOT NULL AND (access_ends_at IS NULL OR access_ends_at > ?)',
      new Date().toISOString(),
    );
    expect(figures.paidMembers).toBe(paidNow);
    expect(figures.freeMembers + figures.paidMembers + figures.compedMembers).toBe(await countOf('SELECT count(*) AS n FROM readers'));
    expect(figures.mrr.currency).toBe('usd');
    // Each live monthly subscription is worth 800 a month; the yearly one 8000 / 12.
    expect(figures.mrr.amount).toBeGreaterThanOrEqual(Math.round(8000 / 12));
    expect(figures.series).toHaveLength(90);
    expect(figures.series.at(-1)).toMatchObject({ paid: figures.paidMembers, mrr: figures.mrr.amount });
    expect(figures.months.at(-1).new).toBeGreaterThanOrEqual(1);
    expect(figures.donations.count).toBeGreaterThanOrEqual(1);
    const requests = await stripeRequests();
    expect(requests.some((request) => request.path === '/v1/checkout/sessions')).toBe(true);
  });
});

describe('the reader’s pages', () => {
  it('shows the tiers on offer and the gift form at /support, and asks for a gift at the end of a story', async () => {
    const site = siteApp();
    const page = await site('/support');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h3>Supporter</h3>');
    expect(page.text).toContain('data-interval="year"');
    expect(page.text).toContain('From $1 to $10,000.');
    expect(page.text).toContain('data-island="support"');
    const story = await createStory(admin.token, { title: 'A story with an ask', status: 'published' });

    const storyPage = await site(`/story/${story.slug}`);
    expect(storyPage.text).toContain('class="donation-ask"');
    expect(storyPage.text).toContain('href="/support"');
  });
});
