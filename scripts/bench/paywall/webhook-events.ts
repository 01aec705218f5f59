import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { executeLocalSql, withLocalDeps } from '../../lib/local-platform.ts';
import { projectRoot } from '../../lib/project.ts';
import { StripeStandIn, type SignedEvent } from '../../lib/stripe-stand-in/stripe-stand-in.ts';
import { startDemoSite } from '../demo-site.ts';
import { adminToken } from '../views/view-bench.ts';

/**
 * The webhook part of `npm run bench:paywall` (decision 093), also runnable alone as
 * `npm run bench:paywall:webhooks`: serves the built site over a fresh demo newsroom
 * (127.0.0.1:BENCH_PAYWALL_WEBHOOK_PORT, default 8985) with Stripe pointed at the stand-in of its API
 * (port BENCH_PAYWALL_STRIPE_PORT, default 12113). Readers subscribe through Checkout on the stand-in,
 * then their subscriptions live on at Stripe (renewed, past due, recovered, cancelled at the period's
 * end, cancelled now, unpaid). Every event Stripe would send (signed with the real SDK) is collected,
 * some sent twice, all shuffled, and BENCH_PAYWALL_EVENTS of them (default 1,000) posted to the webhook,
 * 8 at a time. Then each reader's membership (GET /api/members/{id}) is compared with the stand-in's final
 * subscription, and, with the server stopped, D1's stripe_events and payments with what was sent.
 * Results: bench-results/paywall-webhooks.json.
 */
const port = Number(process.env.BENCH_PAYWALL_WEBHOOK_PORT ?? 8985);
const stripePort = Number(process.env.BENCH_PAYWALL_STRIPE_PORT ?? 12113);
const target = Number(process.env.BENCH_PAYWALL_EVENTS ?? 1000);
const CONCURRENCY = 8;

const SCENARIOS = ['active', 'renewed', 'past_due', 'recovered', 'cancel_at_end', 'canceled', 'unpaid'] as const;
type Scenario = (typeof SCENARIOS)[number];

/** A small seeded generator (mulberry32): the same run shuffles the same way. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface WebhookBenchResult {
  readers: number;
  uniqueEvents: number;
  delivered: number;
  duplicates: number;
  seconds: number;
  eventsPerSecond: number;
  non200: number;
  mismatches: string[];
  storedEvents: number;
  storedPayments: number;
  expectedPayments: number;
  load: { before: string; after: string };
}

/** A read of the stopped server's D1: workerd may hold its files a moment after it stopped. */
async function afterStop<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt === 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

async function lifeAtStripe(standIn: StripeStandIn, subscriptionId: string, scenario: Scenario): Promise<SignedEvent[]> {
  switch (scenario) {
    case 'active':
      return [];
    case 'renewed':
      return standIn.renew(subscriptionId);
    case 'past_due':
      return standIn.failRenewal(subscriptionId);
    case 'recovered':
      return [...(await standIn.failRenewal(subscriptionId)), ...(await standIn.renew(subscriptionId))];
    case 'cancel_at_end':
      return (await standIn.changeSubscription(subscriptionId, { cancel_at_period_end: 'true' })).events;
    case 'canceled':
      return [
        ...(await standIn.changeSubscription(subscriptionId, { cancel_at_period_end: 'true' })).events,
        ...(await standIn.changeSubscription(subscriptionId, { status: 'canceled' })).events,
      ];
    case 'unpaid':
      return (await standIn.changeSubscription(subscriptionId, { status: 'unpaid' })).events;
  }
}

/** What /api/members/{id} must say at the end, from the stand-in's final subscription. */
function expectedStatus(subscription: Record<string, unknown>): string {
  const status = String(subscription.status);
  if (['active', 'trialing', 'past_due'].includes(status)) return 'paid';
  const end = (subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;
  return status === 'canceled' && end * 1000 > Date.now() ? 'paid' : 'free';
}

export async function runWebhookBench({ build = true }: { build?: boolean } = {}): Promise<WebhookBenchResult> {
  const before = uptime();
  const webhookSecret = `whsec_bench_${randomBytes(12).toString('hex')}`;
  const standIn = await StripeStandIn.start({ port: stripePort, webhookSecret });
  const site = await startDemoSite({
    port,
    build,
    stateName: 'bench-paywall-webhooks',
    vars: { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: standIn.origin },
  });
  let result: WebhookBenchResult;
  try {
    const base = site.baseUrl;
    const token = await adminToken(site);
    const call = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- the bench reads a few fields of several answers
    };
    const tier = await call('/api/members/tiers', {
      method: 'POST',
      body: JSON.stringify({ name: 'Bench', monthly: { amount: 900, currency: 'usd' }, yearly: { amount: 9000, currency: 'usd' } }),
    });
    if (tier.status !== 201) throw new Error(`Making the tier: HTTP ${tier.status}`);
    const monthly = standIn.objectsOf('price').find((price) => (price.recurring as { interval: string } | null)?.interval === 'month')!;

    // Readers, enough for the target with about a fifth sent twice.
    const perReader = 3 + (0 + 2 + 2 + 4 + 1 + 2 + 1) / SCENARIOS.length;
    const count = Math.ceil(target / 1.2 / perReader);
    const now = new Date().toISOString();
    const values = Array.from({ length: count }, (_, i) => `('bench-member-${i}@readers.test', '${now}', '${now}')`).join(', ');
    await executeLocalSql(`INSERT INTO readers (email, created_at, updated_at) VALUES ${values}`, site.stateDir);
    const listed = await call(`/api/members?q=bench-member-&limit=200`);
    const readers = (listed.body.members as { id: number; email: string }[]).slice(0, count);

    const pick = random(29);
    const unique: SignedEvent[] = [];
    const plans: { readerId: number; subscriptionId: string }[] = [];
    for (const [index, reader] of readers.entries()) {
      // The session as the gateway asks for it (src/adapters/stripe/stripe-gateway.ts).
      const form = new URLSearchParams({
        mode: 'subscription',
        'line_items[0][price]': monthly.id,
        'line_items[0][quantity]': '1',
        client_reference_id: String(reader.id),
        customer_email: reader.email,
        success_url: `${base}/account`,
        'metadata[readerId]': String(reader.id),
        'subscription_data[metadata][readerId]': String(reader.id),
      });
      const session = (await (
        await fetch(`${standIn.origin}/v1/checkout/sessions`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk_test_bench' },
          body: form,
        })
      ).json()) as { id: string };
      const paid = await standIn.completeCheckout(session.id);
      const subscriptionId = JSON.parse(paid.find((event) => event.type === 'customer.subscription.created')!.payload).data.object
        .id as string;
      unique.push(...paid, ...(await lifeAtStripe(standIn, subscriptionId, SCENARIOS[index % SCENARIOS.length]!)));
      plans.push({ readerId: reader.id, subscriptionId });
    }
    const duplicates = Math.max(0, target - unique.length);
    const sent = [...unique, ...Array.from({ length: duplicates }, () => unique[Math.floor(pick() * unique.length)]!)];
    for (let i = sent.length - 1; i > 0; i--) {
      const j = Math.floor(pick() * (i + 1));
      [sent[i], sent[j]] = [sent[j]!, sent[i]!];
    }

    console.log(
      `Posting ${sent.length} events (${unique.length} distinct, ${duplicates} again), shuffled, for ${readers.length} readers to ${base}/api/stripe/webhook...`,
    );
    let next = 0;
    let non200 = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < sent.length) {
          const event = sent[next++]!;
          const res = await fetch(`${base}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            body: event.payload,
          });
          await res.arrayBuffer();
          if (res.status !== 200) non200++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const mismatches: string[] = [];
    for (const plan of plans) {
      const page = await call(`/api/members/${plan.readerId}`);
      const want = expectedStatus(standIn.object(plan.subscriptionId)!);
      const got = page.body.member.membership.status as string;
      if (got !== want)
        mismatches.push(`reader ${plan.readerId} (${String(standIn.object(plan.subscriptionId)!.status)}): ${got}, not ${want}`);
    }
    const expectedPayments = standIn.objectsOf('invoice').length;
    await site.stop();
    // D1 as the stopped server left it (the same repositories): every distinct event id kept once, every invoice one payment.
    const ids = [...new Set(unique.map((event) => JSON.parse(event.payload).id as string))];
    const { storedEvents, storedPayments } = await afterStop(() =>
      withLocalDeps(async (deps) => {
        let events = 0;
        for (const id of ids) if (await deps.members.handled(id)) events++;
        let payments = 0;
        for (const plan of plans) payments += (await deps.members.payments(plan.readerId)).filter((p) => p.kind === 'subscription').length;
        return { storedEvents: events, storedPayments: payments };
      }, site.stateDir),
    );
    result = {
      readers: readers.length,
      uniqueEvents: unique.length,
      delivered: sent.length,
      duplicates,
      seconds: Number(seconds.toFixed(2)),
      eventsPerSecond: Math.round(sent.length / seconds),
      non200,
      mismatches,
      storedEvents,
      storedPayments,
      expectedPayments,
      load: { before, after: uptime() },
    };
  } finally {
    await site.stop().catch(() => undefined);
    await standIn.close();
  }
  return result;
}

export function printWebhookResult(result: WebhookBenchResult): boolean {
  const ok =
    result.non200 === 0 &&
    result.mismatches.length === 0 &&
    result.storedEvents === result.uniqueEvents &&
    result.storedPayments === result.expectedPayments;
  console.log(
    `\nStripe webhooks: ${result.delivered} events (${result.uniqueEvents} distinct + ${result.duplicates} again, shuffled), ${result.readers} readers`,
  );
  console.log(`| events | time | events/s | non-200 | memberships as Stripe says | event ids kept | invoices kept |`);
  console.log(`|---|---|---|---|---|---|---|`);
  console.log(
    `| ${result.delivered} | ${result.seconds} s | ${result.eventsPerSecond} | ${result.non200} | ${result.readers - result.mismatches.length}/${result.readers} | ${result.storedEvents}/${result.uniqueEvents} | ${result.storedPayments}/${result.expectedPayments} |`,
  );
  for (const mismatch of result.mismatches.slice(0, 10)) console.log(`  mismatch: ${mismatch}`);
  console.log(
    `Load before: ${result.load.before}\nLoad after:  ${result.load.after}\n${ok ? 'End state: as Stripe says.' : 'End state: WRONG.'}`,
  );
  return ok;
}

export async function saveWebhookResult(result: WebhookBenchResult): Promise<void> {
  const dir = path.join(projectRoot, 'bench-results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'paywall-webhooks.json'), `${JSON.stringify(result, null, 2)}\n`);
}
