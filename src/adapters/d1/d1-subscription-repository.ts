import { and, eq, sql } from 'drizzle-orm';
import type {
  ConfirmedVia,
  Newsletter,
  Subscriber,
  SubscriberStatus,
  Subscription,
  SubscriptionSource,
} from '../../domain/newsletters/entities.ts';
import type { SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import type { Db } from './db.ts';
import { atomically } from './raw-batch.ts';
import { subscriptions } from './newsletters-schema.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    newsletterId: row.newsletterId,
    email: row.email,
    status: row.status,
    source: row.source,
    confirmedVia: row.confirmedVia,
    createdAt: row.createdAt,
    subscribedAt: row.subscribedAt,
    unsubscribedAt: row.unsubscribedAt,
    confirmationSentAt: row.confirmationSentAt,
  };
}

/** D1 binds at most 100 values per statement: lists travel as one JSON value, read with json_each. */
const jsonList = (values: readonly unknown[]) => JSON.stringify(values);

/** Subscriptions in D1 (migrations/0041_newsletters.sql): one row per newsletter and address. */
export class D1SubscriptionRepository implements SubscriptionRepository {
  constructor(
    private readonly db: Db,
    private readonly newsletterOf: (id: number) => Promise<Newsletter | null>,
  ) {}

  async find(newsletterId: number, email: string): Promise<Subscription | null> {
    const row = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.newsletterId, newsletterId), eq(subscriptions.email, email)))
      .get();
    return row ? toSubscription(row) : null;
  }

  async findById(id: number): Promise<Subscription | null> {
    const row = await this.db.select().from(subscriptions).where(eq(subscriptions.id, id)).get();
    return row ? toSubscription(row) : null;
  }

  async awaitConfirmation(
    input: { newsletterId: number; email: string; source: SubscriptionSource; tokenHash: string; expiresAt: string },
    now: string,
  ): Promise<void> {
    // A subscribed address is left as it is (the caller checks first; a race keeps the subscription).
    await this.db
      .run(sql`INSERT INTO subscriptions (newsletter_id, email, status, source, confirmation_hash, confirmation_expires_at, confirmation_sent_at, created_at)
      VALUES (${input.newsletterId}, ${input.email}, 'pending', ${input.source}, ${input.tokenHash}, ${input.expiresAt}, ${now}, ${now})
      ON CONFLICT (newsletter_id, email) DO UPDATE SET
        status = CASE WHEN status = 'subscribed' THEN status ELSE 'pending' END,
        confirmation_hash = CASE WHEN status = 'subscribed' THEN confirmation_hash ELSE excluded.confirmation_hash END,
        confirmation_expires_at = CASE WHEN status = 'subscribed' THEN confirmation_expires_at ELSE excluded.confirmation_expires_at END,
        confirmation_sent_at = CASE WHEN status = 'subscribed' THEN confirmation_sent_at ELSE excluded.confirmation_sent_at END`);
  }

  async confirm(tokenHash: string, now: string): Promise<{ subscription: Subscription; newsletter: Newsletter } | 'inactive' | null> {
    const pending = and(
      eq(subscriptions.confirmationHash, tokenHash),
      eq(subscriptions.status, 'pending'),
      sql`${subscriptions.confirmationExpiresAt} > ${now}`,
    );
    const row = await this.db
      .update(subscriptions)
      .set({
        status: 'subscribed',
        confirmedVia: 'link',
        subscribedAt: now,
        unsubscribedAt: null,
        confirmationHash: null,
        confirmationExpiresAt: null,
      })
      .where(and(pending, sql`EXISTS (SELECT 1 FROM newsletters n WHERE n.id = ${subscriptions.newsletterId} AND n.is_active = 1)`))
      .returning()
      .get();
    if (!row) {
      // Nothing changed: a token of a newsletter deactivated since is told apart from a bad one.
      const waiting = await this.db.select({ id: subscriptions.id }).from(subscriptions).where(pending).get();
      return waiting ? 'inactive' : null;
    }
    const newsletter = await this.newsletterOf(row.newsletterId);
    return newsletter ? { subscription: toSubscription(row), newsletter } : null;
  }

  async subscribe(
    input: { newsletterId: number; email: string; source: SubscriptionSource; confirmedVia: ConfirmedVia },
    now: string,
  ): Promise<void> {
    await this.db.run(sql`INSERT INTO subscriptions (newsletter_id, email, status, source, confirmed_via, created_at, subscribed_at)
      VALUES (${input.newsletterId}, ${input.email}, 'subscribed', ${input.source}, ${input.confirmedVia}, ${now}, ${now})
      ON CONFLICT (newsletter_id, email) DO UPDATE SET
        status = 'subscribed', confirmed_via = excluded.confirmed_via, subscribed_at = excluded.subscribed_at,
        unsubscribed_at = NULL, confirmation_hash = NULL, confirmation_expires_at = NULL
      WHERE status <> 'subscribed'`);
  }

  async unsubscribe(newsletterId: number, email: string, now: string, sendId: number | null = null): Promise<boolean> {
    const [changed] = await atomically(this.db, [
      sql`UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ${now}, confirmation_hash = NULL, confirmation_expires_at = NULL
        WHERE newsletter_id = ${newsletterId} AND email = ${email} AND status = 'subscribed'`,
      // Counted on the send whose mail was followed, in the same write, only when it changed something.
      sql`UPDATE sends SET unsubscribed = unsubscribed + changes() WHERE id = ${sendId ?? 0} AND newsletter_id = ${newsletterId}`,
    ]);
    return (changed?.meta.changes ?? 0) > 0;
  }

  async setFor(email: string, newsletterIds: readonly number[], now: string): Promise<void> {
    const wanted = jsonList(newsletterIds);
    await atomically(this.db, [
      sql`UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ${now}, confirmation_hash = NULL, confirmation_expires_at = NULL
        WHERE email = ${email} AND status <> 'unsubscribed' AND newsletter_id NOT IN (SELECT value FROM json_each(${wanted}))`,
      sql`INSERT INTO subscriptions (newsletter_id, email, status, source, confirmed_via, created_at, subscribed_at)
        SELECT value, ${email}, 'subscribed', 'account', 'signed_in', ${now}, ${now} FROM json_each(${wanted}) WHERE true
        ON CONFLICT (newsletter_id, email) DO UPDATE SET
          status = 'subscribed', confirmed_via = 'signed_in', subscribed_at = excluded.subscribed_at,
          unsubscribed_at = NULL, confirmation_hash = NULL, confirmation_expires_at = NULL
        WHERE status <> 'subscribed'`,
    ]);
  }

  async pruneExpiredConfirmations(now: string): Promise<number> {
    const results = await atomically(this.db, [
      sql`DELETE FROM subscriptions WHERE status = 'pending' AND confirmation_expires_at <= ${now} AND subscribed_at IS NULL`,
      sql`UPDATE subscriptions SET status = 'unsubscribed', confirmation_hash = NULL, confirmation_expires_at = NULL
        WHERE status = 'pending' AND confirmation_expires_at <= ${now}`,
    ]);
    return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
  }

  async slugsFor(email: string): Promise<string[]> {
    const rows = await this.db.all<{ slug: string }>(
      sql`SELECT n.slug FROM subscriptions s JOIN newsletters n ON n.id = s.newsletter_id
          WHERE s.email = ${email} AND s.status = 'subscribed' AND n.is_active = 1 ORDER BY n.name, n.id`,
    );
    return rows.map((row) => row.slug);
  }

  async recordFor(email: string): Promise<unknown[]> {
    return this.db.all(
      sql`SELECT n.slug AS newsletter, n.name, s.status, s.source, s.confirmed_via AS "confirmedVia", s.created_at AS "createdAt",
            s.subscribed_at AS "subscribedAt", s.unsubscribed_at AS "unsubscribedAt"
          FROM subscriptions s JOIN newsletters n ON n.id = s.newsletter_id WHERE s.email = ${email} ORDER BY s.id`,
    );
  }

  async list(
    newsletterId: number,
    { status, q, limit, offset }: { status?: SubscriberStatus; q?: string; limit: number; offset: number },
  ): Promise<{ total: number; subscribers: Subscriber[] }> {
    const suppressed = sql`EXISTS (SELECT 1 FROM suppressions x WHERE x.email = s.email)`;
    const conditions = [sql`s.newsletter_id = ${newsletterId}`];
    if (status === 'suppressed') conditions.push(suppressed);
    else if (status) conditions.push(sql`s.status = ${status} AND NOT ${suppressed}`);
    if (q) conditions.push(sql`s.email LIKE ${`%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`} ESCAPE '\\'`);
    const where = sql.join(conditions, sql` AND `);
    const [count, rows] = await Promise.all([
      this.db.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM subscriptions s WHERE ${where}`),
      this.db.all<{ email: string; status: SubscriberStatus; suppressed: number; subscribedAt: string | null; source: SubscriptionSource }>(
        sql`SELECT s.email, s.status, ${suppressed} AS suppressed, s.subscribed_at AS "subscribedAt", s.source
            FROM subscriptions s WHERE ${where} ORDER BY s.id DESC LIMIT ${limit} OFFSET ${offset}`,
      ),
    ]);
    return {
      total: count?.n ?? 0,
      subscribers: rows.map((row) => ({
        email: row.email,
        status: row.suppressed ? 'suppressed' : row.status,
        subscribedAt: row.subscribedAt,
        source: row.source,
      })),
    };
  }

  async importMany(
    newsletterId: number,
    rows: readonly { email: string; subscribedAt: string | null }[],
    now: string,
  ): Promise<{ imported: number; skipped: number }> {
    let imported = 0;
    // 500 addresses per statement: one JSON value each, well inside D1's statement limits.
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = jsonList(rows.slice(start, start + 500).map((row) => [row.email, row.subscribedAt ?? now]));
      const result = await this.db
        .run(sql`INSERT INTO subscriptions (newsletter_id, email, status, source, confirmed_via, created_at, subscribed_at)
        SELECT ${newsletterId}, json_extract(value, '$[0]'), 'subscribed', 'import', 'import', ${now}, json_extract(value, '$[1]')
        FROM json_each(${chunk})
        WHERE NOT EXISTS (SELECT 1 FROM suppressions x WHERE x.email = json_extract(value, '$[0]'))
        ON CONFLICT (newsletter_id, email) DO NOTHING`);
      imported += result.meta.changes ?? 0;
    }
    return { imported, skipped: rows.length - imported };
  }
}
