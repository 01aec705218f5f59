import type { MailAllowanceKind, MailAllowances } from '../../domain/mail/allowance.ts';
import { hashSessionToken } from '../crypto/session-tokens.ts';
import type { Db } from './db.ts';

/** The caps' counts in D1 (migrations/0075): a row per mail allowed, its subject as a SHA-256, so no address is kept. */
export class D1MailAllowances implements MailAllowances {
  constructor(private readonly db: Db) {}

  async take(kind: MailAllowanceKind, subject: string, window: { limit: number; since: string }, now: string): Promise<boolean> {
    const hashed = await hashSessionToken(subject);
    const taken = await this.db.$client
      .prepare(
        `INSERT INTO mail_allowances (kind, subject, taken_at)
         SELECT ?1, ?2, ?3 WHERE (SELECT count(*) FROM mail_allowances WHERE kind = ?1 AND subject = ?2 AND taken_at > ?4) < ?5`,
      )
      .bind(kind, hashed, now, window.since, window.limit)
      .run();
    return (taken.meta.changes ?? 0) > 0;
  }

  async pruneBefore(before: string): Promise<void> {
    await this.db.$client.prepare('DELETE FROM mail_allowances WHERE taken_at <= ?1').bind(before).run();
  }
}
