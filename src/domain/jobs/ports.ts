import type { ClaimedJob, JobMessage, NewJob } from './job.ts';

export type JobClaim = { claimed: ClaimedJob } | { notDue: string } | { gone: true };

/** Sends job messages to the queue (Cloudflare Queues: adapters/queues/cloudflare-job-queue.ts). */
export interface JobQueue {
  send(messages: readonly JobMessage[], options?: { delaySeconds?: number }): Promise<void>;
}

/** The fan-out as services are given it: the ledger and the queue that names its jobs. */
export interface JobFanOut {
  ledger: JobLedger;
  queue: JobQueue;
}

/**
 * The jobs' rows (decision 065). Features create their jobs in the same D1 batch as the rows the jobs
 * work on (adapters/d1/job-rows.ts); `create` is for jobs that stand alone.
 */
export interface JobLedger {
  /** Creates the jobs that do not exist yet (one per kind and ref); returns the ones created. */
  create(jobs: readonly NewJob[], now: string): Promise<NewJob[]>;
  /**
   * Takes the job for one run until `leaseUntil`, if it is due and nobody holds it: one atomic write,
   * so of two runners that race for it one gets it. `notDue` carries when a job that waits for a retry
   * may run; `gone` is a job that is done, failed, unknown or held by another runner.
   */
  claim(id: string, now: string, leaseUntil: string): Promise<JobClaim>;
  /**
   * The three ends of a run. Each applies only while `job` (its id and attempt) still holds the job: a
   * runner whose lease ran out, and whose job another runner took, changes nothing.
   */
  complete(job: ClaimedJob, now: string): Promise<void>;
  /** Hands the job back, to run again from `runAfter`. */
  retryLater(job: ClaimedJob, runAfter: string, error: string): Promise<void>;
  fail(job: ClaimedJob, now: string, error: string): Promise<void>;
  /**
   * Jobs that should be running but whose message is gone: pending and due since before
   * `unclaimedBefore`, or running with a lease that ran out (its runner died). At most `limit`, made
   * pending and due `now` in the same write, so they are not taken again while their new message travels.
   */
  takeStranded(now: string, unclaimedBefore: string, limit: number): Promise<JobMessage[]>;
  /** Deletes finished (done or failed) jobs that finished before `before`; returns how many. */
  pruneFinished(before: string): Promise<number>;
}
