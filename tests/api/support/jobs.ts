import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../../src/worker.ts';
import type { JobKind, JobMessage } from '../../../src/domain/jobs/job.ts';
import { deps } from './api.ts';

let delivered = 0;

/** Hands `messages` to the worker's queue handler as Cloudflare Queues would, and tells what it made of each. */
export async function deliverJobMessages(messages: readonly JobMessage[], attempts = 1) {
  const batch = createMessageBatch<JobMessage>(
    'newsroom-jobs',
    messages.map((body) => ({ id: `test-message-${++delivered}`, timestamp: new Date(), attempts, body })),
  );
  // The pool's result names retried messages, not their delays: note those on the way.
  const delays = new Map<string, number | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    Object.defineProperty(message, 'retry', {
      value: (options?: QueueRetryOptions) => {
        delays.set(message.id, options?.delaySeconds);
        retry(options);
      },
    });
  }
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
  const result = await getQueueResult(batch, ctx);
  return {
    ...result,
    retryMessages: result.retryMessages.map((retried: { msgId: string }) => ({ ...retried, delaySeconds: delays.get(retried.msgId) })),
  };
}

/**
 * Runs the jobs that are due, through the worker's own queue handler, until none is left (or `rounds`
 * passes): in the test pool the fan-out's messages wait in a queue nobody consumes (vitest.config.ts),
 * so a test runs the work it started when it chooses. The due jobs are found as the minute job finds
 * stranded ones. Returns how many runs it made. `kinds` runs only those kinds (a reader's mail, say, without
 * the pictures an earlier upload queued).
 */
export async function runQueuedJobs({ rounds = 10, kinds }: { rounds?: number; kinds?: readonly JobKind[] } = {}): Promise<number> {
  let runs = 0;
  for (let round = 0; round < rounds; round++) {
    const now = new Date().toISOString();
    // With `kinds`, only those run: the others stay due, for a later call.
    const due = (await deps.jobs.ledger.takeStranded(now, now, 1000)).filter((job) => !kinds || kinds.includes(job.kind));
    if (due.length === 0) break;
    await deliverJobMessages(due);
    runs += due.length;
  }
  return runs;
}
