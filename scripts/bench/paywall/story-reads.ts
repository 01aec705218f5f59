import { randomBytes } from 'node:crypto';
import { linkInText, fetchMailTo } from '../../lib/parsed-mail.ts';
import { startMailCatcher } from '../../lib/mail-catcher.ts';
import { StripeStandIn } from '../../lib/stripe-stand-in/stripe-stand-in.ts';
import { startDemoSite } from '../demo-site.ts';
import { json } from '../federation/federation-bench.ts';
import { loadTestInTurns, type LoadResult } from '../load-test.ts';
import { machineLoad } from '../machine-load.ts';
import { adminToken } from '../views/view-bench.ts';

/**
 * The story part of `npm run bench:paywall` (decision 090): serves the built site over a
 * fresh demo newsroom (127.0.0.1:BENCH_PAYWALL_PORT, default 8980; edge cache on, as deployed) with
 * Stripe pointed at the stand-in of its API (BENCH_PAYWALL_STORY_STRIPE_PORT, default 12114) and mail
 * at a local catcher. Through the product only: an admin makes a paid tier, a public story and a paid
 * story of the same text; two readers sign in by the mailed link (free members); one of them pays
 * through Checkout on the stand-in, whose signed checkout.session.completed and subscription events
 * reach the webhook (a paid member, as a real upgrade, not a comp). Each reader's copy of the paid
 * story is checked (the hidden sentence absent for anonymous and free, present for paid), then the
 * page and the JSON (GET /api/stories/slug/{slug}) are loaded in turns for the public story and the
 * paid story as each reader: every gated copy must reach RATIO_BUDGET of the public story's rate.
 */
const port = Number(process.env.BENCH_PAYWALL_PORT ?? 8980);
const stripePort = Number(process.env.BENCH_PAYWALL_STORY_STRIPE_PORT ?? 12114);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
export const RATIO_BUDGET = 0.8;

const HIDDEN = 'The ledger shows the council paid the contractor twice for the same bridge.';
const CONTENT = [
  '<p>The council met on Tuesday to vote on the bridge repairs, a year after the first inspection.</p>',
  '<p>Residents filled the hall; many had waited months for an answer about the closed crossing.</p>',
  `<p>${HIDDEN}</p>`,
  ...Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 4} of what paying members read: the documents, the dates and the people.</p>`),
].join('');

type Reader = 'anonymous' | 'free member' | 'paid member';

export interface StoryReadRow {
  story: 'public' | 'paid';
  surface: 'page' | 'JSON';
  reader: Reader;
  result: LoadResult;
  /** Requests per second over the public story's, same surface, anonymous reader. */
  ratio: number;
}

export interface StoryReadResult {
  seconds: number;
  rounds: number;
  rows: StoryReadRow[];
  /** How each reader's copy of the paid story was: the hidden sentence where it must be, and the cache's answer. */
  checks: string[];
  paidMember: string;
  load: { before: string; after: string };
}

/** A reader signed in by the link the site mails them: their reader_session cookie. */
async function signIn(base: string, catcherUrl: string, email: string): Promise<string> {
  await json(`${base}/api/readers/signin`, { method: 'POST', body: JSON.stringify({ email }) });
  const [mail] = await fetchMailTo(catcherUrl, email, { timeoutMs: 60_000 });
  if (!mail) throw new Error(`No sign-in mail reached ${email}`);
  const token = new URL(linkInText(mail, `${base}/account/signin#token=`)).hash.slice('#token='.length);
  const res = await fetch(`${base}/api/readers/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith('reader_session='));
  if (res.status !== 200 || !cookie) throw new Error(`Redeeming ${email}'s link: HTTP ${res.status}`);
  return cookie.split(';')[0]!;
}

async function membershipOf(base: string, cookie: string): Promise<string> {
  const me = await json<{ membership: { status: string } }>(`${base}/api/readers/me`, { headers: { cookie } });
  return me.membership.status;
}

async function publish(base: string, token: string, title: string, access: 'public' | 'paid'): Promise<string> {
  const story = await json<{ slug: string }>(`${base}/api/stories`, {
    method: 'POST',
    token,
    body: JSON.stringify({ title, description: 'A story for the paywall benchmark', content: CONTENT, status: 'published', access }),
  });
  return story.slug;
}

export async function runStoryReadBench({ build = true }: { build?: boolean } = {}): Promise<StoryReadResult> {
  const before = machineLoad();
  const webhookSecret = `whsec_bench_${randomBytes(12).toString('hex')}`;
  const standIn = await StripeStandIn.start({ port: stripePort, webhookSecret });
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  let site: Awaited<ReturnType<typeof startDemoSite>> | null = null;
  try {
    site = await startDemoSite({
      port,
      build,
      stateName: 'bench-paywall',
      vars: {
        STRIPE_SECRET_KEY: 'sk_test_bench',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_BASE: standIn.origin,
        SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
        MAIL_FROM: 'bench@newsroom.localhost',
      },
    });
    const base = site.baseUrl;
    standIn.setWebhookUrl(`${base}/api/stripe/webhook`);
    const token = await adminToken(site);
    const tier = await json<{ id: number }>(`${base}/api/members/tiers`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Supporter', monthly: { amount: 500, currency: 'usd' }, yearly: { amount: 5000, currency: 'usd' } }),
    });
    const publicSlug = await publish(base, token, 'The bridge vote, for everyone', 'public');
    const paidSlug = await publish(base, token, 'The bridge vote, for paying members', 'paid');

    const free = await signIn(base, catcher.httpUrl, 'bench-free@readers.test');
    const paid = await signIn(base, catcher.httpUrl, 'bench-paid@readers.test');
    const checkout = await json<{ url: string }>(`${base}/api/members/checkout`, {
      method: 'POST',
      headers: { cookie: paid },
      body: JSON.stringify({ tierId: tier.id, interval: 'month' }),
    });
    // What the reader's "Subscribe" on Stripe's page does: the session completes and Stripe's signed events reach the webhook.
    await standIn.completeCheckout(new URL(checkout.url).pathname.split('/').pop()!);
    const paidStatus = await membershipOf(base, paid);
    if (paidStatus !== 'paid' || (await membershipOf(base, free)) !== 'free') throw new Error(`Memberships not as paid: ${paidStatus}`);

    const readers: { reader: Reader; headers: Record<string, string> }[] = [
      { reader: 'anonymous', headers: {} },
      { reader: 'free member', headers: { cookie: free } },
      { reader: 'paid member', headers: { cookie: paid } },
    ];
    const surfaces = [
      { surface: 'page' as const, path: (slug: string) => `/story/${slug}` },
      { surface: 'JSON' as const, path: (slug: string) => `/api/stories/slug/${slug}` },
    ];
    const targets = surfaces.flatMap(({ surface, path }) => [
      { story: 'public' as const, surface, reader: 'anonymous' as Reader, url: `${base}${path(publicSlug)}`, headers: {} },
      ...readers.map(({ reader, headers }) => ({ story: 'paid' as const, surface, reader, url: `${base}${path(paidSlug)}`, headers })),
    ]);

    // Each copy once (the edge cache then holds it), and again to see it is what that reader may read, served from the cache.
    const checks: string[] = [];
    for (const target of targets) {
      await fetch(target.url, { headers: target.headers }).then((res) => res.arrayBuffer());
      const res = await fetch(target.url, { headers: target.headers });
      const text = await res.text();
      const mayRead = target.story === 'public' || target.reader === 'paid member';
      const cache = res.headers.get('x-edge-cache');
      if (res.status !== 200 || text.includes(HIDDEN) !== mayRead || cache !== 'HIT')
        throw new Error(
          `${target.story} story ${target.surface} as ${target.reader}: HTTP ${res.status}, cache ${cache}, whole: ${!mayRead}`,
        );
      checks.push(`${target.story} ${target.surface} as ${target.reader}: ${mayRead ? 'whole' : 'opening only'}, ${cache}`);
    }

    console.log(`Load: ${rounds} turns of ${seconds} s per row, 10 connections, on ${base}...`);
    const results = await loadTestInTurns(
      targets.map(({ url, headers }) => ({ url, headers })),
      { seconds, rounds },
    );
    const rows = targets.map(({ story, surface, reader }, index) => ({ story, surface, reader, result: results[index]! }));
    const publicRate = (surface: string) => rows.find((row) => row.story === 'public' && row.surface === surface)!.result.requestsPerSecond;
    return {
      seconds,
      rounds,
      rows: rows.map((row) => ({ ...row, ratio: Number((row.result.requestsPerSecond / publicRate(row.surface)).toFixed(2)) })),
      checks,
      paidMember: 'through Checkout on the Stripe stand-in and its signed webhook events (not a comp)',
      load: { before, after: machineLoad() },
    };
  } finally {
    await site?.stop().catch(() => undefined);
    await standIn.close();
    await catcher.close();
  }
}

/** The printed table; false when a gated copy is under the budget or a row had errors. */
export function printStoryReadResult(result: StoryReadResult): boolean {
  console.log(`\nA public and a paid story of the same text, ${result.rounds} turns of ${result.seconds} s each (edge cache on)`);
  console.log('| story | surface | reader | req/s | p50 ms | p99 ms | errors | vs public |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { story, surface, reader, result: r, ratio } of result.rows)
    console.log(
      `| ${story} | ${surface} | ${reader} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${ratio.toFixed(2)} |`,
    );
  const gated = result.rows.filter((row) => row.story === 'paid');
  const ok = gated.every((row) => row.ratio >= RATIO_BUDGET) && result.rows.every((row) => row.result.errors === 0);
  console.log(`Paid member: ${result.paidMember}.\nLoad before: ${result.load.before}\nLoad after:  ${result.load.after}`);
  console.log(
    ok
      ? `Every gated copy within ${RATIO_BUDGET} of the public story's rate.`
      : `A gated copy is UNDER ${RATIO_BUDGET} of the public story's rate, or errors.`,
  );
  return ok;
}
