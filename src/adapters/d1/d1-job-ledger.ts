import { and, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ClaimedJob, JobMessage, NewJob } from '../../domain/jobs/job.ts';
import type { JobClaim, JobLedger } from '../../domain/jobs/ports.ts';
import type { Db } from './db.ts';
import { jobRows } from './job-rows.ts';
import { jobs } from './jobs-schema.ts';

/** Still the run `job` started: the attempt count is the run's fencing token. */
const heldBy = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempt));

/** The fan-out's ledger in D1 (decision 065; migrations/0025). */
export class D1JobLedger implements JobLedger {
  constructor(private readonly db: Db) {}

  async create(newJobs: readonly NewJob[], now: string): Promise<NewJob[]> {
    const statements = jobRows(this.db, newJobs, now);
    if (statements.length === 0) return [];
    const [first, ...rest] = statements;
    const results = await this.db.batch([first!, ...rest]);
    return results.flat();
  }

  async claim(id: string, now: string, leaseUntil: string): Promise<JobClaim> {
    // One statement: due and not held (pending, or running with a lease that ran out) -> running, one more attempt.
    const claimed = await this.db
      .update(jobs)
      .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, leaseUntil })
      .where(
        and(
          eq(jobs.id, id),
          lte(jobs.runAfter, now),
          or(eq(jobs.state, 'pending'), and(eq(jobs.state, 'running'), sql`coalesce(${jobs.leaseUntil}, '') <= ${now}`)),
        ),
      )
      .returning({ id: jobs.id, kind: jobs.kind, ref: jobs.ref, attempt: jobs.attempts, leaseUntil: jobs.leaseUntil })
      .get();
    if (claimed) return { claimed: { ...claimed, leaseUntil: claimed.leaseUntil ?? leaseUntil } };
    const row = await this.db.select({ state: jobs.state, runAfter: jobs.runAfter }).from(jobs).where(eq(jobs.id, id)).get();
    if (row?.state === 'pending' && row.runAfter > now) return { notDue: row.runAfter };
    return { gone: true };
  }

  async complete(job: ClaimedJob, now: string): Promise<void> {
    await this.db.update(jobs).set({ state: 'done', leaseUntil: null, lastError: null, finishedAt: now }).where(heldBy(job));
  }

  async retryLater(job: ClaimedJob, runAfter: string, error: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({ state: 'pending', leaseUntil: null, runAfter, lastError: error.slice(0, 500) })
      .where(heldBy(job));
  }

  async fail(job: ClaimedJob, now: string, error: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({ state: 'failed', leaseUntil: null, lastError: error.slice(0, 500), finishedAt: now })
      .where(heldBy(job));
  }

  async takeStranded(now: string, unclaimedBefore: string, limit: number): Promise<JobMessage[]> {
    // One statement: each stranded job is made pending and due now, so it is not taken again for a
    // minute while its new message travels, and a runner that outlived its lease can no longer finish it.
    const stranded = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.state, 'pending'), lte(jobs.runAfter, unclaimedBefore)),
          and(eq(jobs.state, 'running'), sql`coalesce(${jobs.leaseUntil}, '') <= ${now}`),
        ),
      )
      .orderBy(jobs.runAfter)
      .limit(limit);
    return this.db
      .update(jobs)
      .set({ state: 'pending', leaseUntil: null, runAfter: now })
      .where(inArray(jobs.id, stranded))
      .returning({ jobId: jobs.id, kind: jobs.kind })
      .all();
  }

  async pruneFinished(before: string): Promise<number> {
    const removed = await this.db
      .delete(jobs)
      .where(and(inArray(jobs.state, ['done', 'failed']), isNotNull(jobs.finishedAt), lt(jobs.finishedAt, before)))
      .returning({ id: jobs.id });
    return removed.length;
  }
}
