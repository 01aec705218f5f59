import { desc, eq, sql } from 'drizzle-orm';
import type { NewJob } from '../../domain/jobs/job.ts';
import type { Send, SuppressionReason } from '../../domain/newsletters/entities.ts';
import type { BatchOutcome, BatchRecipients, SendRepository, SuppressionRepository } from '../../domain/newsletters/ports.ts';
import type { Db } from './db.ts';
import { isUniqueViolation } from './db.ts';
import { jobRows } from './job-rows.ts';
import { atomically } from './raw-batch.ts';
import { SEND_BATCH_SIZE } from '../../domain/newsletters/rules.ts';
import { MAILABLE } from './d1-newsletter-repository.ts';
import { newsletters, sends, suppressions } from './newsletters-schema.ts';

const columns = { send: sends, slug: newsletters.slug };

function toSend(row: typeof sends.$inferSelect, slug: string): Send {
  return {
    id: row.id,
    storyId: row.storyId,
    newsletterId: row.newsletterId,
    newsletterSlug: slug,
    state: row.state,
    origin: row.origin,
    createdBy: row.createdBy,
    recipients: row.recipients,
    delivered: row.delivered,
    failed: row.failed,
    bounced: row.bounced,
    complained: row.complained,
    unsubscribed: row.unsubscribed,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

const jsonList = (values: readonly number[]) => JSON.stringify(values);

/**
 * Sends in D1 (migrations/0041_newsletters.sql; decision 083): the audience frozen into recipient
 * rows in batches, each batch a job of the fan-out (decision 065), each recipient's outcome and the
 * send's figures written in one atomic batch, counted by `changes()` so that a batch written twice
 * counts once.
 */
export class D1SendRepository implements SendRepository, SuppressionRepository {
  constructor(
    private readonly db: Db,
    private readonly newJobId: () => string = () => crypto.randomUUID(),
  ) {}

  private select() {
    return this.db.select(columns).from(sends).innerJoin(newsletters, eq(newsletters.id, sends.newsletterId));
  }

  async findById(id: number): Promise<Send | null> {
    const row = await this.select().where(eq(sends.id, id)).get();
    return row ? toSend(row.send, row.slug) : null;
  }

  async listForNewsletter(newsletterId: number): Promise<Send[]> {
    const rows = await this.select().where(eq(sends.newsletterId, newsletterId)).orderBy(desc(sends.id));
    return rows.map((row) => toSend(row.send, row.slug));
  }

  async create(
    input: { storyId: number; newsletterId: number; createdBy: number; origin: string; start: boolean },
    now: string,
  ): Promise<{ send: Send; jobs: NewJob[] } | null> {
    let id: number;
    try {
      id = (
        await this.db
          .insert(sends)
          .values({
            storyId: input.storyId,
            newsletterId: input.newsletterId,
            createdBy: input.createdBy,
            origin: input.origin,
            state: 'queued',
            createdAt: now,
          })
          .returning({ id: sends.id })
          .get()
      ).id;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    const jobs = input.start ? await this.startJob(id, now) : [];
    return { send: (await this.findById(id))!, jobs };
  }

  /** The send's first job (it freezes the audience and starts the batches); none when it exists already. */
  async startJob(sendId: number, now: string): Promise<NewJob[]> {
    const [first] = jobRows(this.db, [{ id: this.newJobId(), kind: 'newsletter.send', ref: String(sendId) }], now);
    return (await first!.all()) as NewJob[];
  }

  /** Queued sends whose story is published now (a scheduled story's send starts when it is published). */
  async dueQueued(): Promise<number[]> {
    const rows = await this.db.all<{ id: number }>(
      sql`SELECT s.id FROM sends s JOIN stories t ON t.id = s.story_id
          WHERE s.state = 'queued' AND t.status = 'published' AND t.deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = 'newsletter.send' AND j.ref = CAST(s.id AS TEXT))
          ORDER BY s.id LIMIT 100`,
    );
    return rows.map((row) => row.id);
  }

  async freeze(sendId: number, batchSize: number, now: string): Promise<{ batches: number[] }> {
    await atomically(this.db, [
      // The audience as it is now: subscribed and not suppressed, once, whatever happens after.
      sql`INSERT INTO send_recipients (send_id, batch, email)
        SELECT ${sendId}, CAST((ROW_NUMBER() OVER (ORDER BY s.id) - 1) / ${batchSize} AS INTEGER), s.email
        FROM subscriptions s JOIN sends d ON d.id = ${sendId} AND d.newsletter_id = s.newsletter_id
        WHERE ${MAILABLE} AND NOT EXISTS (SELECT 1 FROM send_recipients r WHERE r.send_id = ${sendId})`,
      sql`UPDATE sends SET recipients = (SELECT COUNT(*) FROM send_recipients WHERE send_id = ${sendId}),
          state = CASE WHEN state = 'queued' THEN 'sending' ELSE state END, started_at = COALESCE(started_at, ${now})
        WHERE id = ${sendId}`,
      sql`UPDATE sends SET state = 'sent', finished_at = ${now}
        WHERE id = ${sendId} AND state = 'sending' AND recipients = 0`,
    ]);
    const rows = await this.db.all<{ batch: number }>(
      sql`SELECT DISTINCT batch FROM send_recipients WHERE send_id = ${sendId} AND status = 'queued' ORDER BY batch`,
    );
    return { batches: rows.map((row) => row.batch) };
  }

  async startBatchJobs(sendId: number, batches: readonly number[], now: string): Promise<NewJob[]> {
    const statements = jobRows(
      this.db,
      batches.map((batch) => ({ id: this.newJobId(), kind: 'newsletter.batch' as const, ref: `${sendId}:${batch}` })),
      now,
    );
    if (statements.length === 0) return [];
    const [first, ...rest] = statements;
    return (await this.db.batch([first!, ...rest])).flat() as NewJob[];
  }

  async batchRecipients(sendId: number, batch: number): Promise<BatchRecipients> {
    const rows = await this.db.all<{ id: number; email: string; subscriptionId: number | null }>(
      sql`SELECT r.id, r.email, (
            SELECT s.id FROM subscriptions s JOIN sends d ON d.id = r.send_id AND d.newsletter_id = s.newsletter_id
            WHERE s.email = r.email AND ${MAILABLE}) AS "subscriptionId"
          FROM send_recipients r WHERE r.send_id = ${sendId} AND r.batch = ${batch} AND r.status = 'queued' AND r.email IS NOT NULL
          ORDER BY r.id`,
    );
    // Recounted before sending: whoever left or was suppressed since the send started is skipped.
    return {
      mail: rows.flatMap((row) =>
        row.subscriptionId === null ? [] : [{ id: row.id, email: row.email, subscriptionId: row.subscriptionId }],
      ),
      skip: rows.filter((row) => row.subscriptionId === null).map((row) => row.id),
    };
  }

  async recordProgress(sendId: number, outcome: Omit<BatchOutcome, 'skipped'>, now: string): Promise<void> {
    const statements = this.moves(sendId, { ...outcome, skipped: [] }, now);
    if (statements.length > 0) await atomically(this.db, statements);
  }

  async recordBatch(sendId: number, outcome: BatchOutcome, now: string): Promise<{ finished: boolean }> {
    const results = await atomically<{ state: string }>(this.db, [
      ...this.moves(sendId, outcome, now),
      sql`UPDATE sends SET state = 'sent', finished_at = ${now}
        WHERE id = ${sendId} AND state = 'sending' AND NOT EXISTS (SELECT 1 FROM send_recipients WHERE send_id = ${sendId} AND status = 'queued')`,
      sql`SELECT state FROM sends WHERE id = ${sendId}`,
    ]);
    return { finished: results.at(-1)?.results[0]?.state === 'sent' };
  }

  /** Moves recipients out of `queued` (only those still there, so writing an outcome twice counts it once) and counts them. */
  private moves(sendId: number, outcome: BatchOutcome, now: string) {
    const move = (ids: readonly number[], status: 'sent' | 'failed' | 'skipped') =>
      sql`UPDATE send_recipients SET status = ${status}, sent_at = ${status === 'sent' ? now : null}
        WHERE send_id = ${sendId} AND status = 'queued' AND id IN (SELECT value FROM json_each(${jsonList(ids)}))`;
    return [
      ...(outcome.sent.length > 0
        ? [move(outcome.sent, 'sent'), sql`UPDATE sends SET delivered = delivered + changes() WHERE id = ${sendId}`]
        : []),
      ...(outcome.failed.length > 0
        ? [move(outcome.failed, 'failed'), sql`UPDATE sends SET failed = failed + changes() WHERE id = ${sendId}`]
        : []),
      ...(outcome.skipped.length > 0 ? [move(outcome.skipped, 'skipped')] : []),
    ];
  }

  async fail(sendId: number, now: string): Promise<void> {
    await this.db
      .update(sends)
      .set({ state: 'failed', finishedAt: now })
      .where(sql`${sends.id} = ${sendId} AND ${sends.state} IN ('queued', 'sending')`);
  }

  async recordFor(email: string): Promise<unknown[]> {
    return this.db.all(
      sql`SELECT d.id AS "sendId", t.title AS story, n.slug AS newsletter, r.status, r.sent_at AS "sentAt"
          FROM send_recipients r JOIN sends d ON d.id = r.send_id JOIN newsletters n ON n.id = d.newsletter_id JOIN stories t ON t.id = d.story_id
          WHERE r.email = ${email} ORDER BY r.id`,
    );
  }

  async forgetRecipients(finishedBefore: string, limit: number): Promise<number> {
    // One send at a time, a slice of its batches at a time (the (send_id, batch, status) index), so
    // one run's delete stays small however large the audience was.
    const oldest = await this.db.get<{ sendId: number; firstBatch: number } | undefined>(
      sql`SELECT r.send_id AS "sendId", min(r.batch) AS "firstBatch" FROM send_recipients r
          WHERE r.send_id = (SELECT d.id FROM sends d WHERE d.state IN ('sent', 'failed') AND d.finished_at < ${finishedBefore}
                               AND EXISTS (SELECT 1 FROM send_recipients x WHERE x.send_id = d.id)
                             ORDER BY d.id LIMIT 1)
          GROUP BY r.send_id`,
    );
    if (!oldest) return 0;
    const batches = Math.max(1, Math.floor(limit / SEND_BATCH_SIZE));
    const result = await this.db.run(
      sql`DELETE FROM send_recipients WHERE send_id = ${oldest.sendId} AND batch < ${oldest.firstBatch + batches}`,
    );
    return result.meta.changes ?? 0;
  }

  async isSuppressed(email: string): Promise<boolean> {
    return (
      (await this.db.select({ email: suppressions.email }).from(suppressions).where(eq(suppressions.email, email)).get()) !== undefined
    );
  }

  async suppress(email: string, reason: SuppressionReason, now: string): Promise<void> {
    const status = reason === 'complaint' ? 'complained' : 'bounced';
    const counter = reason === 'complaint' ? sql`complained = complained + 1` : sql`bounced = bounced + 1`;
    // The send that last mailed the address, counted once: only while its recipient row still says sent.
    const last = sql`(SELECT id FROM send_recipients WHERE email = ${email} AND status IN ('sent', 'bounced', 'complained') ORDER BY id DESC LIMIT 1)`;
    await atomically(this.db, [
      sql`INSERT INTO suppressions (email, reason, created_at) VALUES (${email}, ${reason}, ${now}) ON CONFLICT (email) DO NOTHING`,
      sql`UPDATE sends SET ${counter} WHERE id = (SELECT send_id FROM send_recipients WHERE id = ${last} AND status = 'sent')`,
      sql`UPDATE send_recipients SET status = ${status} WHERE id = ${last} AND status = 'sent'`,
    ]);
  }
}
