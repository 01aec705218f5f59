import type { FigureChanges, MemberFigures } from '../../domain/members/revenue-ports.ts';
import type { Db } from './db.ts';

/**
 * What the members' figures are made from, counted in D1 by day (UTC): the changes of a range and
 * what held at its start, never a row per member per day, so a year costs the same as a week.
 */

/** A subscription's monthly worth, as domain/members/membership.ts (monthlyWorth) counts it. */
const WORTH = "CASE WHEN interval = 'year' THEN CAST(round(amount / 12.0) AS INTEGER) ELSE amount END";

type DayCount = { d: string; n: number; worth?: number; amount?: number };

function byDay(rows: DayCount[]): Record<string, number> {
  return Object.fromEntries(rows.map((row) => [row.d, row.n]));
}

function byDayWithWorth(rows: DayCount[]): Record<string, { count: number; worth: number }> {
  return Object.fromEntries(rows.map((row) => [row.d, { count: row.n, worth: row.worth ?? 0 }]));
}

export class D1MemberFigures implements MemberFigures {
  constructor(private readonly db: Db) {}

  async changes(start: string, end: string): Promise<FigureChanges> {
    const d1 = this.db.$client;
    const at = (sql: string) => d1.prepare(sql).bind(start, end);
    const results = await d1.batch<DayCount>([
      d1.prepare('SELECT count(*) AS n FROM readers WHERE created_at < ?1').bind(start),
      at('SELECT substr(created_at, 1, 10) AS d, count(*) AS n FROM readers WHERE created_at >= ?1 AND created_at < ?2 GROUP BY d'),
      d1
        .prepare(
          `SELECT count(*) AS n, coalesce(sum(${WORTH}), 0) AS worth FROM member_subscriptions WHERE paid_from < ?1 AND (access_ends_at IS NULL OR access_ends_at >= ?1)`,
        )
        .bind(start),
      at(
        `SELECT substr(paid_from, 1, 10) AS d, count(*) AS n, sum(${WORTH}) AS worth FROM member_subscriptions WHERE paid_from >= ?1 AND paid_from < ?2 GROUP BY d`,
      ),
      at(
        `SELECT substr(access_ends_at, 1, 10) AS d, count(*) AS n, sum(${WORTH}) AS worth FROM member_subscriptions
         WHERE paid_from IS NOT NULL AND access_ends_at >= ?1 AND access_ends_at < ?2 GROUP BY d`,
      ),
      d1.prepare('SELECT count(*) AS n FROM member_comps WHERE started_at < ?1 AND (ended_at IS NULL OR ended_at >= ?1)').bind(start),
      at('SELECT substr(started_at, 1, 10) AS d, count(*) AS n FROM member_comps WHERE started_at >= ?1 AND started_at < ?2 GROUP BY d'),
      at('SELECT substr(ended_at, 1, 10) AS d, count(*) AS n FROM member_comps WHERE ended_at >= ?1 AND ended_at < ?2 GROUP BY d'),
      at(
        'SELECT substr(canceled_at, 1, 10) AS d, count(*) AS n FROM member_subscriptions WHERE canceled_at >= ?1 AND canceled_at < ?2 GROUP BY d',
      ),
      at(
        `SELECT substr(occurred_at, 1, 10) AS d, count(*) AS n, sum(amount - refunded_amount) AS amount FROM member_payments
         WHERE kind = 'donation' AND status <> 'failed' AND occurred_at >= ?1 AND occurred_at < ?2 GROUP BY d`,
      ),
    ]);
    const rows = (i: number) => results[i]!.results;
    return {
      readersBefore: rows(0)[0]?.n ?? 0,
      readersJoined: byDay(rows(1)),
      paidBefore: { count: rows(2)[0]?.n ?? 0, worth: rows(2)[0]?.worth ?? 0 },
      paidStarted: byDayWithWorth(rows(3)),
      paidEnded: byDayWithWorth(rows(4)),
      compedBefore: rows(5)[0]?.n ?? 0,
      compsStarted: byDay(rows(6)),
      compsEnded: byDay(rows(7)),
      cancelled: byDay(rows(8)),
      donations: Object.fromEntries(rows(9).map((row) => [row.d, { count: row.n, amount: row.amount ?? 0 }])),
    };
  }

  /** Members now: readers, those with paid access (paying), comped ones without it, and MRR. */
  async current(now: string): Promise<{ readers: number; paid: number; comped: number; mrr: number }> {
    const d1 = this.db.$client;
    const row = await d1
      .prepare(
        `SELECT (SELECT count(*) FROM readers) AS readers,
           (SELECT count(DISTINCT reader_id) FROM member_subscriptions s WHERE reader_id IS NOT NULL AND s.paid_from <= ?1 AND (s.access_ends_at IS NULL OR s.access_ends_at > ?1)) AS paid,
           (SELECT count(*) FROM member_comps c WHERE c.ended_at IS NULL AND c.reader_id IS NOT NULL AND NOT EXISTS
              (SELECT 1 FROM member_subscriptions s WHERE s.reader_id = c.reader_id AND s.paid_from <= ?1 AND (s.access_ends_at IS NULL OR s.access_ends_at > ?1))) AS comped,
           (SELECT coalesce(sum(${WORTH}), 0) FROM member_subscriptions s WHERE s.paid_from <= ?1 AND (s.access_ends_at IS NULL OR s.access_ends_at > ?1)) AS mrr`,
      )
      .bind(now)
      .first<{ readers: number; paid: number; comped: number; mrr: number }>();
    return row ?? { readers: 0, paid: 0, comped: 0, mrr: 0 };
  }
}
