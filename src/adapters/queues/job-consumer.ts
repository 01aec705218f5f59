import { isJobKind, JOB_POLICIES, type JobMessage } from '../../domain/jobs/job.ts';
import type { MessageVerdict } from '../../services/jobs/run-job.ts';

/** Cloudflare Queues delays a retried message by at most 12 hours. */
const MAX_QUEUE_DELAY_SECONDS = 12 * 3600;

function isJobMessage(body: unknown): body is JobMessage {
  if (typeof body !== 'object' || body === null) return false;
  const { jobId, kind } = body as Record<string, unknown>;
  return typeof jobId === 'string' && isJobKind(kind);
}

/** Runs of kinds that keep this isolate busy (JobPolicy.oneAtATime) queue up here, one after another. */
let oneAtATime: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = oneAtATime.then(work, work);
  oneAtATime = turn.catch(() => undefined);
  return turn;
}

/**
 * A batch runs at most one job of such a kind; its others go back to the queue for a few seconds.
 * Miniflare hands the consumer one batch at a time: a batch of nine pictures taking turns held every
 * later message (a delivery, a mail batch) for minutes behind them.
 */
const TAKE_TURNS_SECONDS = 5;

/**
 * The worker's `queue` handler (decision 065): each message names a job; its runs go side by side
 * (they wait on mail servers, inboxes and push services, not on this isolate), but for kinds that
 * must take turns. A message that names no job we know is dropped; one whose run threw is left to
 * the queue to deliver again.
 */
export async function consumeJobs(batch: MessageBatch<unknown>, run: (message: JobMessage) => Promise<MessageVerdict>): Promise<void> {
  let tookOneAtATime = false;
  await Promise.all(
    batch.messages.map(async (message) => {
      const body = message.body;
      if (!isJobMessage(body)) {
        console.error('Dropped a queue message that names no job', message.id);
        message.ack();
        return;
      }
      const alone = JOB_POLICIES[body.kind].oneAtATime === true;
      if (alone && tookOneAtATime) {
        message.retry({ delaySeconds: TAKE_TURNS_SECONDS });
        return;
      }
      if (alone) tookOneAtATime = true;
      try {
        const verdict = await (alone ? inTurn(() => run(body)) : run(body));
        if ('ack' in verdict) message.ack();
        else message.retry({ delaySeconds: Math.min(MAX_QUEUE_DELAY_SECONDS, verdict.retryInSeconds) });
      } catch (error) {
        // The ledger could not be read or written: the job's row is as it was, so deliver it again soon.
        console.error(`Job ${body.jobId} (${body.kind}) could not run`, error);
        message.retry({ delaySeconds: 10 });
      }
    }),
  );
}
