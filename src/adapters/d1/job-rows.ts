import { sql, type SQL } from 'drizzle-orm';
import type { NewJob } from '../../domain/jobs/job.ts';
import type { Db } from './db.ts';
import { jobs } from './jobs-schema.ts';

/** D1 binds at most 100 values per statement; drizzle binds up to 8 per job row. */
const JOBS_PER_STATEMENT = 10;

/**
 * The statements that create jobs, for a repository to append to the batch that writes what they work
 * on (a send's batches, an upload's picture): the work and its jobs exist together or not at all. A job
 * that exists already (same kind and ref) is left as it is.
 *
 *   await db.batch([db.insert(sendBatches).values(...), ...jobRows(db, jobs, now)]);
 */
export function jobRows(db: Db, newJobs: readonly NewJob[], now: string) {
  const statements = [];
  for (let start = 0; start < newJobs.length; start += JOBS_PER_STATEMENT) {
    const rows = newJobs
      .slice(start, start + JOBS_PER_STATEMENT)
      .map((job) => ({ id: job.id, kind: job.kind, ref: job.ref, state: 'pending' as const, runAfter: now, createdAt: now }));
    statements.push(
      db
        .insert(jobs)
        .values(rows)
        .onConflictDoNothing({ target: [jobs.kind, jobs.ref] })
        .returning({ id: jobs.id, kind: jobs.kind, ref: jobs.ref }),
    );
  }
  return statements;
}

/**
 * One job whose `ref` the batch computes as it runs, from a row written just before it (a new row's
 * id: `sql\`last_insert_rowid() || ':0'\``), written only when `onlyIf` holds.
 */
export function jobRowFrom(db: Db, job: Omit<NewJob, 'ref'>, ref: SQL, now: string, onlyIf: SQL = sql`1`) {
  // Values in the order of jobs-schema.ts's columns, which drizzle names in the INSERT.
  return db
    .insert(jobs)
    .select(sql`SELECT ${job.id}, ${job.kind}, ${ref}, 'pending', 0, ${now}, NULL, NULL, ${now}, NULL WHERE ${onlyIf}`)
    .onConflictDoNothing({ target: [jobs.kind, jobs.ref] })
    .returning({ id: jobs.id, kind: jobs.kind, ref: jobs.ref });
}
