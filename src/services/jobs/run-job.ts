import { JOB_POLICIES, retryDelaySeconds, type ClaimedJob, type JobKind, type JobMessage, type JobOutcome } from '../../domain/jobs/job.ts';
import type { JobLedger } from '../../domain/jobs/ports.ts';
import type { Clock } from '../../domain/time.ts';
import { addSeconds } from '../../domain/time.ts';

/** Does one kind of job: `ref` is what it works on. A thrown error counts as a failure worth a retry. */
export type JobHandler = (ref: string, job: ClaimedJob) => Promise<JobOutcome>;
export type JobHandlers = Record<JobKind, JobHandler>;

export interface JobRunnerDeps {
  ledger: JobLedger;
  clock: Clock;
  /** 0 to 1: spreads retries (Math.random in the worker, a fixed value in tests). */
  random: () => number;
}

/** What the queue should do with the message: drop it, or deliver it again after a delay. */
export type MessageVerdict = { ack: true } | { retryInSeconds: number };

const ACK: MessageVerdict = { ack: true };

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/**
 * Runs the job a queue message names, once (decision 065): claims it with its kind's lease, runs its
 * handler, and writes down what came of it. A retry goes back to the queue with its delay and waits
 * in the ledger too, so it survives losing the message; a message for a job that is finished or held
 * by another runner is dropped.
 */
export async function runJob(deps: JobRunnerDeps, handlers: Partial<JobHandlers>, message: JobMessage): Promise<MessageVerdict> {
  const handler = handlers[message.kind];
  if (!handler) return ACK;
  const policy = JOB_POLICIES[message.kind];
  const now = deps.clock.now();
  const claim = await deps.ledger.claim(message.jobId, now, addSeconds(now, policy.leaseSeconds));
  if ('gone' in claim) return ACK;
  if ('notDue' in claim) return { retryInSeconds: Math.max(1, Math.ceil((Date.parse(claim.notDue) - Date.parse(now)) / 1000)) };

  const job = claim.claimed;
  let outcome: JobOutcome;
  try {
    outcome = await handler(job.ref, job);
  } catch (error) {
    outcome = { status: 'retry', error: messageOf(error) };
  }

  const finishedAt = deps.clock.now();
  if (outcome.status === 'done') {
    await deps.ledger.complete(job, finishedAt);
    return ACK;
  }
  const delay = outcome.status === 'retry' ? retryDelaySeconds(policy, job.attempt, deps.random(), outcome.notBeforeSeconds) : null;
  if (delay === null) {
    await deps.ledger.fail(job, finishedAt, outcome.error);
    return ACK;
  }
  await deps.ledger.retryLater(job, addSeconds(finishedAt, delay), outcome.error);
  return { retryInSeconds: delay };
}
