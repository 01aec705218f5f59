import type { MemberState, Payment, SubscriptionRecord } from '../../domain/members/entities.ts';
import type { HandledEvent, MemberListItem, MemberRepository, MemberWrite } from '../../domain/members/revenue-ports.ts';
import type { MembersQuery } from '../../domain/members/schemas.ts';
import type { Db } from './db.ts';
import { isUniqueViolation } from './db.ts';
import { readerFromRaw, type RawReaderRow } from './d1-reader-repository.ts';

/**
 * Members in D1 (migrations/0051). Who has paid access is decided here in SQL by the same rule as
 * domain/members/membership.ts (givesAccess): a subscription whose paid span holds `now`.
 */

/** A subscription row (alias `s`) that gives paid access at the bound time (twice). */
const GIVES_ACCESS = 's.paid_from IS NOT NULL AND s.paid_from <= ?1 AND (s.access_ends_at IS NULL OR s.access_ends_at > ?1)';
const PAID = `EXISTS (SELECT 1 FROM member_subscriptions s WHERE s.reader_id = r.id AND ${GIVES_ACCESS})`;
const COMPED = 'EXISTS (SELECT 1 FROM member_comps c WHERE c.reader_id = r.id AND c.ended_at IS NULL)';

const SUBSCRIPTION_JSON = `json_object('id', s.stripe_subscription_id, 'customerId', s.stripe_customer_id, 'readerId', s.reader_id,
  'tierId', s.tier_id, 'tierName', t.name, 'status', s.status, 'interval', s.interval, 'amount', s.amount, 'currency', s.currency,
  'currentPeriodEnd', s.current_period_end, 'cancelAtPeriodEnd', s.cancel_at_period_end, 'canceledAt', s.canceled_at,
  'startedAt', s.started_at, 'paidFrom', s.paid_from, 'accessEndsAt', s.access_ends_at, 'syncedAt', s.synced_at)`;

/** A reader row with their membership: the subscription giving access now (else the latest), the open comp, the customer. */
const MEMBER_COLUMNS = `r.id, r.email, r.name, r.created_at, r.updated_at, r.last_signed_in_at,
  (SELECT ${SUBSCRIPTION_JSON} FROM member_subscriptions s LEFT JOIN member_tiers t ON t.id = s.tier_id WHERE s.reader_id = r.id
     ORDER BY (${GIVES_ACCESS}) DESC, s.started_at DESC LIMIT 1) AS subscription,
  ${COMPED} AS comped,
  (SELECT mc.stripe_customer_id FROM member_customers mc WHERE mc.reader_id = r.id) AS customer_id`;

interface MemberRow extends RawReaderRow {
  subscription: string | null;
  comped: number;
  customer_id: string | null;
}

type SubscriptionJson = Omit<SubscriptionRecord, 'cancelAtPeriodEnd'> & { cancelAtPeriodEnd: number; tierName: string | null };

function toState(row: MemberRow): MemberState {
  const kept = row.subscription ? (JSON.parse(row.subscription) as SubscriptionJson) : null;
  return {
    readerId: row.id,
    subscription: kept ? { ...kept, cancelAtPeriodEnd: kept.cancelAtPeriodEnd === 1 } : null,
    comped: row.comped === 1,
    customerId: row.customer_id,
  };
}

function toMember(row: MemberRow): MemberListItem {
  return { reader: readerFromRaw(row), state: toState(row) };
}

interface SubscriptionRow {
  stripe_subscription_id: string;
  stripe_customer_id: string;
  reader_id: number | null;
  tier_id: number | null;
  status: SubscriptionRecord['status'];
  interval: SubscriptionRecord['interval'];
  amount: number;
  currency: string;
  current_period_end: string | null;
  cancel_at_period_end: number;
  canceled_at: string | null;
  started_at: string;
  paid_from: string | null;
  access_ends_at: string | null;
  synced_at: string;
}

function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.stripe_subscription_id,
    customerId: row.stripe_customer_id,
    readerId: row.reader_id,
    tierId: row.tier_id,
    status: row.status,
    interval: row.interval,
    amount: row.amount,
    currency: row.currency,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    canceledAt: row.canceled_at,
    startedAt: row.started_at,
    paidFrom: row.paid_from,
    accessEndsAt: row.access_ends_at,
    syncedAt: row.synced_at,
  };
}

/**
 * The members' list filter: ?1 is now, ?2 the search (null: none), ?3 the status (null: any). The
 * search uses instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and addresses are longer.
 */
const LIST_WHERE = `WHERE (?2 IS NULL OR instr(r.email, ?2) > 0 OR instr(lower(coalesce(r.name, '')), ?2) > 0)
  AND (?3 IS NULL OR (?3 = 'paid' AND ${PAID}) OR (?3 = 'comped' AND NOT ${PAID} AND ${COMPED}) OR (?3 = 'free' AND NOT ${PAID} AND NOT ${COMPED}))`;

export class D1MemberRepository implements MemberRepository {
  constructor(private readonly db: Db) {}

  private get d1(): D1Database {
    return this.db.$client;
  }

  async state(readerId: number, now: string): Promise<MemberState> {
    const row = await this.d1.prepare(`SELECT ${MEMBER_COLUMNS} FROM readers r WHERE r.id = ?2`).bind(now, readerId).first<MemberRow>();
    return row ? toState(row) : { readerId, subscription: null, comped: false, customerId: null };
  }

  async readerOfCustomer(customerId: string): Promise<number | null> {
    const row = await this.d1
      .prepare('SELECT reader_id FROM member_customers WHERE stripe_customer_id = ?')
      .bind(customerId)
      .first<{ reader_id: number }>();
    return row?.reader_id ?? null;
  }

  async subscription(id: string): Promise<SubscriptionRecord | null> {
    const row = await this.d1
      .prepare('SELECT * FROM member_subscriptions WHERE stripe_subscription_id = ?')
      .bind(id)
      .first<SubscriptionRow>();
    return row ? toSubscription(row) : null;
  }

  async handled(eventId: string): Promise<boolean> {
    return (await this.d1.prepare('SELECT 1 FROM stripe_events WHERE id = ?').bind(eventId).first()) !== null;
  }

  async findPayment(match: { paymentIntent: string | null; stripeRef: string | null }): Promise<Payment | null> {
    const row = await this.d1
      .prepare(
        'SELECT * FROM member_payments WHERE (?1 IS NOT NULL AND payment_intent = ?1) OR (?2 IS NOT NULL AND stripe_ref = ?2) LIMIT 1',
      )
      .bind(match.paymentIntent, match.stripeRef)
      .first<PaymentRow>();
    return row ? toPayment(row) : null;
  }

  private statement(write: MemberWrite, now: string): D1PreparedStatement {
    switch (write.kind) {
      case 'customer':
        // A reader keeps the first customer they became; a customer belongs to one reader.
        return this.d1
          .prepare('INSERT INTO member_customers (reader_id, stripe_customer_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
          .bind(write.readerId, write.customerId, now);
      case 'subscription': {
        const r = write.record;
        return this.d1
          .prepare(
            `INSERT INTO member_subscriptions (stripe_subscription_id, stripe_customer_id, reader_id, tier_id, status, interval, amount, currency,
               current_period_end, cancel_at_period_end, canceled_at, started_at, paid_from, access_ends_at, synced_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
             ON CONFLICT (stripe_subscription_id) DO UPDATE SET
               stripe_customer_id = excluded.stripe_customer_id, reader_id = coalesce(excluded.reader_id, reader_id),
               tier_id = coalesce(excluded.tier_id, tier_id), status = excluded.status, interval = excluded.interval,
               amount = excluded.amount, currency = excluded.currency, current_period_end = excluded.current_period_end,
               cancel_at_period_end = excluded.cancel_at_period_end, canceled_at = excluded.canceled_at, started_at = excluded.started_at,
               paid_from = coalesce(paid_from, excluded.paid_from), access_ends_at = excluded.access_ends_at,
               synced_at = excluded.synced_at, updated_at = excluded.updated_at
             WHERE excluded.synced_at >= member_subscriptions.synced_at`,
          )
          .bind(
            r.id,
            r.customerId,
            r.readerId,
            r.tierId,
            r.status,
            r.interval,
            r.amount,
            r.currency,
            r.currentPeriodEnd,
            r.cancelAtPeriodEnd ? 1 : 0,
            r.canceledAt,
            r.startedAt,
            r.paidFrom,
            r.accessEndsAt,
            r.syncedAt,
            now,
          );
      }
      case 'end-comp':
        return this.d1
          .prepare('UPDATE member_comps SET ended_at = ?, ended_by = ? WHERE reader_id = ? AND ended_at IS NULL')
          .bind(now, write.userId, write.readerId);
      case 'payment': {
        const p = write.payment;
        // A payment's row is its final word: a failure is replaced by the payment that followed, never the reverse.
        return this.d1
          .prepare(
            `INSERT INTO member_payments (kind, stripe_ref, reader_id, email, stripe_subscription_id, payment_intent, amount, currency, status, occurred_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (stripe_ref) DO UPDATE SET
               reader_id = coalesce(reader_id, excluded.reader_id), payment_intent = coalesce(payment_intent, excluded.payment_intent),
               amount = CASE WHEN status = 'failed' THEN excluded.amount ELSE amount END,
               occurred_at = CASE WHEN status = 'failed' AND excluded.status = 'paid' THEN excluded.occurred_at ELSE occurred_at END,
               status = CASE WHEN status = 'failed' THEN excluded.status ELSE status END, updated_at = excluded.updated_at`,
          )
          .bind(
            p.kind,
            p.stripeRef,
            p.readerId,
            p.email,
            p.stripeSubscriptionId,
            p.paymentIntent,
            p.amount,
            p.currency,
            p.status,
            p.occurredAt,
            now,
          );
      }
      case 'refund':
        // Stripe's refunded total only grows: the larger of what we hold and what this says, whatever the order.
        return this.d1
          .prepare(
            `UPDATE member_payments SET refunded_amount = max(refunded_amount, ?1),
               status = CASE WHEN max(refunded_amount, ?1) >= amount THEN 'refunded' WHEN max(refunded_amount, ?1) > 0 THEN 'partially_refunded' ELSE status END,
               updated_at = ?4
             WHERE status <> 'failed' AND ((?2 IS NOT NULL AND payment_intent = ?2) OR (?3 IS NOT NULL AND stripe_ref = ?3))`,
          )
          .bind(write.refunded, write.paymentIntent, write.stripeRef, now);
    }
  }

  async apply(writes: readonly MemberWrite[], event: HandledEvent | null, now: string): Promise<boolean> {
    const statements = writes.map((write) => this.statement(write, now));
    if (event) {
      // First in the batch: a second delivery of the event fails the whole batch here, and changes nothing.
      statements.unshift(
        this.d1
          .prepare('INSERT INTO stripe_events (id, type, created_at, handled_at) VALUES (?, ?, ?, ?)')
          .bind(event.id, event.type, event.createdAt, now),
      );
    }
    if (statements.length === 0) return true;
    try {
      await this.d1.batch(statements);
      return true;
    } catch (error) {
      if (event && isUniqueViolation(error, 'stripe_events.id')) return false;
      throw error;
    }
  }

  async setComped(readerId: number, comped: boolean, userId: number, now: string): Promise<boolean> {
    if (!comped) {
      const ended = await this.d1
        .prepare('UPDATE member_comps SET ended_at = ?, ended_by = ? WHERE reader_id = ? AND ended_at IS NULL')
        .bind(now, userId, readerId)
        .run();
      return ended.meta.changes > 0;
    }
    try {
      await this.d1
        .prepare('INSERT INTO member_comps (reader_id, started_at, started_by) VALUES (?, ?, ?)')
        .bind(readerId, now, userId)
        .run();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async list(query: MembersQuery, now: string): Promise<{ total: number; members: MemberListItem[] }> {
    const search = query.q ? query.q.toLowerCase() : null;
    const status = query.status ?? null;
    const [page, counted] = await this.d1.batch<MemberRow | { n: number }>([
      this.d1
        .prepare(`SELECT ${MEMBER_COLUMNS} FROM readers r ${LIST_WHERE} ORDER BY r.created_at DESC, r.id DESC LIMIT ?4 OFFSET ?5`)
        .bind(now, search, status, query.limit, query.offset),
      this.d1.prepare(`SELECT count(*) AS n FROM readers r ${LIST_WHERE}`).bind(now, search, status),
    ]);
    return {
      total: (counted!.results[0] as { n: number } | undefined)?.n ?? 0,
      members: (page!.results as MemberRow[]).map(toMember),
    };
  }

  async payments(readerId: number): Promise<Payment[]> {
    const rows = await this.d1
      .prepare('SELECT * FROM member_payments WHERE reader_id = ? ORDER BY occurred_at DESC, id DESC LIMIT 200')
      .bind(readerId)
      .all<PaymentRow>();
    return rows.results.map(toPayment);
  }

  async overdue(before: string, limit: number): Promise<SubscriptionRecord[]> {
    const rows = await this.d1
      .prepare(
        `SELECT * FROM member_subscriptions WHERE access_ends_at IS NULL AND paid_from IS NOT NULL AND current_period_end < ?
         ORDER BY current_period_end LIMIT ?`,
      )
      .bind(before, limit)
      .all<SubscriptionRow>();
    return rows.results.map(toSubscription);
  }

  async pruneEvents(before: string): Promise<void> {
    await this.d1.prepare('DELETE FROM stripe_events WHERE handled_at < ?').bind(before).run();
  }
}

interface PaymentRow {
  id: number;
  kind: Payment['kind'];
  stripe_ref: string;
  reader_id: number | null;
  email: string | null;
  amount: number;
  currency: string;
  refunded_amount: number;
  status: Payment['status'];
  occurred_at: string;
}

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    kind: row.kind,
    stripeRef: row.stripe_ref,
    readerId: row.reader_id,
    email: row.email,
    amount: row.amount,
    currency: row.currency,
    refundedAmount: row.refunded_amount,
    status: row.status,
    occurredAt: row.occurred_at,
  };
}
