import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { JOB_KINDS } from '../../domain/jobs/job.ts';

/** migrations/0025 (decision 065): the fan-out's ledger. */
export const jobs = sqliteTable('jobs', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: JOB_KINDS }).notNull(),
  ref: text('ref').notNull(),
  state: text('state', { enum: ['pending', 'running', 'done', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  runAfter: text('run_after').notNull(),
  leaseUntil: text('lease_until'),
  lastError: text('last_error'),
  createdAt: text('created_at').notNull(),
  finishedAt: text('finished_at'),
});
