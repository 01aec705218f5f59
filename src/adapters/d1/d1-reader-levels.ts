import type { MemberLevel, ReaderLevels } from '../../domain/members/ports.ts';
import type { Db } from './db.ts';

/**
 * A reader's level read from members' storage (migrations/0051): member_subscriptions as Stripe last
 * said them, and open member_comps. A subscription gives access by the rule of
 * domain/members/membership.ts (givesAccess): its span of paid access holds `now`. That span starts
 * at the first state that gave access (active, trialing, past_due) and ends at access_ends_at: the
 * period's end after a cancellation, or when Stripe stopped it otherwise. Two index probes
 * (member_subscriptions_reader, member_comps_open).
 */
const PAID_SQL = `SELECT
  EXISTS (SELECT 1 FROM member_subscriptions
          WHERE reader_id = ?1 AND paid_from IS NOT NULL AND paid_from <= ?2 AND (access_ends_at IS NULL OR access_ends_at > ?2))
  OR EXISTS (SELECT 1 FROM member_comps WHERE reader_id = ?1 AND ended_at IS NULL AND started_at <= ?2) AS paid`;

export class D1ReaderLevels implements ReaderLevels {
  constructor(private readonly db: Db) {}

  async levelOf(readerId: number, now: string): Promise<MemberLevel> {
    const row = await this.db.$client.prepare(PAID_SQL).bind(readerId, now).first<{ paid: number }>();
    return row?.paid === 1 ? 'paid' : 'free';
  }
}
