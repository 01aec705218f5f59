import type { JobMessage, NewJob } from '../../domain/jobs/job.ts';
import type { JobFanOut, JobQueue } from '../../domain/jobs/ports.ts';

/**
 * Sends the messages of jobs just written to the ledger (by `ledger.create`, or in a feature's own
 * batch). A message that cannot be sent is not the caller's failure: the job waits in the ledger and
 * the minute job sends it (decision 065).
 */
export async function sendJobMessages(queue: JobQueue, jobs: readonly Pick<NewJob, 'id' | 'kind'>[]): Promise<void> {
  if (jobs.length === 0) return;
  const messages: JobMessage[] = jobs.map((job) => ({ jobId: job.id, kind: job.kind }));
  try {
    await queue.send(messages);
  } catch (error) {
    console.error(`Could not queue ${messages.length} job(s); the minute job will`, error);
  }
}

/** Writes jobs that stand alone (one per kind and ref: an existing one is not started again) and queues them. */
export async function startJobs(fanOut: JobFanOut, jobs: readonly NewJob[], now: string): Promise<void> {
  await sendJobMessages(fanOut.queue, await fanOut.ledger.create(jobs, now));
}
