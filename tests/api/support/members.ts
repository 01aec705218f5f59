import { env } from 'cloudflare:workers';

/**
 * Members' storage as Stripe's webhooks and the admin's comps leave it (migrations/0051), written
 * straight to D1: a test makes a reader paid the way the real rows say so, not with a stand-in.
 */
const LONG_AGO = '2026-01-01T00:00:00.000Z';

/** An admin's complimentary membership, open (paid access) until `endedAt`. */
export async function compReader(readerId: number, endedAt: string | null = null): Promise<void> {
  await env.DB.prepare('INSERT INTO member_comps (reader_id, started_at, ended_at) VALUES (?, ?, ?)')
    .bind(readerId, LONG_AGO, endedAt)
    .run();
}

/**
 * A Stripe subscription as the webhook leaves it after its latest event (domain/members/membership.ts):
 * a span of paid access from the first state that gave it (active, trialing, past_due; a cancelled one
 * had it) to `accessEndsAt`; none for a subscription that never gave access (incomplete).
 */
export async function subscribeReader(
  readerId: number,
  state: { status: string; accessEndsAt?: string | null; id?: string } = { status: 'active' },
): Promise<void> {
  const id = state.id ?? `sub_test_${readerId}_${crypto.randomUUID().slice(0, 8)}`;
  const hadAccess = ['active', 'trialing', 'past_due', 'canceled', 'unpaid'].includes(state.status);
  await env.DB.prepare(
    `INSERT INTO member_subscriptions (stripe_subscription_id, stripe_customer_id, reader_id, status, interval, amount, currency,
       current_period_end, started_at, paid_from, access_ends_at, synced_at, updated_at)
     VALUES (?, ?, ?, ?, 'month', 500, 'usd', ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      `cus_test_${readerId}`,
      readerId,
      state.status,
      state.accessEndsAt ?? null,
      LONG_AGO,
      hadAccess ? LONG_AGO : null,
      state.accessEndsAt ?? null,
      LONG_AGO,
      LONG_AGO,
    )
    .run();
}
