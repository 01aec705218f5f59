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
