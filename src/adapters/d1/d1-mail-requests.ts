import { sql } from 'drizzle-orm';
import type { NewJob } from '../../domain/jobs/job.ts';
import { MAIL_REQUEST_JOBS, type MailRequest, type MailRequests } from '../../domain/readers/mail-requests.ts';
import type { Db } from './db.ts';
import { jobRowFrom } from './job-rows.ts';
import { atomically } from './raw-batch.ts';

interface Row {
  id: number;
  kind: MailRequest['kind'];
  email: string;
  newsletters: string;
  next: string | null;
  browser_hash: string | null;
  origin: string;
  created_at: string;
}

/** Mail requests waiting for the fan-out (migrations/0075): the row and its job are written in one batch. */
export class D1MailRequests implements MailRequests {
  constructor(private readonly db: Db) {}

  async enqueue(request: Omit<MailRequest, 'id' | 'createdAt'>, jobId: string, now: string): Promise<NewJob[]> {
    const [, created] = await atomically<NewJob>(this.db, [
      sql`INSERT INTO mail_requests (kind, email, newsletters, next, browser_hash, origin, created_at)
          VALUES (${request.kind}, ${request.email}, ${JSON.stringify(request.newsletters)}, ${request.next}, ${request.browserHash}, ${request.origin}, ${now})`,
      jobRowFrom(this.db, { id: jobId, kind: MAIL_REQUEST_JOBS[request.kind] }, sql`CAST(last_insert_rowid() AS TEXT)`, now),
    ]);
    return created?.results ?? [];
  }

  async find(id: number): Promise<MailRequest | null> {
    const row = await this.db.$client.prepare('SELECT * FROM mail_requests WHERE id = ?1').bind(id).first<Row>();
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      email: row.email,
      newsletters: JSON.parse(row.newsletters) as string[],
      next: row.next,
      browserHash: row.browser_hash,
      origin: row.origin,
      createdAt: row.created_at,
    };
  }

  async remove(id: number): Promise<void> {
    await this.db.$client.prepare('DELETE FROM mail_requests WHERE id = ?1').bind(id).run();
  }

  async pruneBefore(before: string): Promise<void> {
    await this.db.$client.prepare('DELETE FROM mail_requests WHERE created_at <= ?1').bind(before).run();
  }
}
