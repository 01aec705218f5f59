import { FINISHED_JOB_DAYS, UNCLAIMED_JOB_GRACE_SECONDS } from '../../domain/jobs/job.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import { addSeconds } from '../../domain/time.ts';

/** The most stranded jobs sent again per minute: well under what one queue send takes, and far more than a crash leaves. */
const REQUEUE_LIMIT = 1000;

/**
 * The minute job's part in the fan-out (decision 065): a job whose message was lost (a local queue dies
 * with its process) or whose runner died mid-run (its lease ran out) gets a new message, and finished
 * jobs older than a week are pruned. Returns how many were sent again.
 */
export async function requeueStrandedJobs(deps: JobFanOut, now: string): Promise<number> {
  const stranded = await deps.ledger.takeStranded(now, addSeconds(now, -UNCLAIMED_JOB_GRACE_SECONDS), REQUEUE_LIMIT);
  if (stranded.length > 0) await deps.queue.send(stranded);
  await deps.ledger.pruneFinished(addSeconds(now, -FINISHED_JOB_DAYS * 24 * 3600));
  return stranded.length;
}
