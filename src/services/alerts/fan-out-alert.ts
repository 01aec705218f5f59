import { alertMessage } from '../../domain/alerts/alert.ts';
import { ALERT_TTL_SECONDS, ALERT_URGENCY, PUSH_CONCURRENCY, recipientOutcome, ROUND_SECONDS } from '../../domain/alerts/delivery.ts';
import type { AlertRepository, PendingRecipient, PushSender, RoundOutcomes } from '../../domain/alerts/ports.ts';
import { pushTopicHeader } from '../../domain/alerts/topics.ts';
import { jobDone, JOB_POLICIES, type ClaimedJob, type JobOutcome } from '../../domain/jobs/job.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import type { Clock } from '../../domain/time.ts';
import { sendJobMessages } from '../jobs/start-jobs.ts';

/** `{alert}:{n}`: the refs of an alert's jobs (n: a subscription id for the audience, a batch number for a batch). */
function parseRef(ref: string): [alertId: number, n: number] | null {
  const match = /^(\d+):(\d+)$/.exec(ref);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

const badRef = (ref: string): JobOutcome => ({ status: 'failed', error: `Not an alert job's ref: ${ref}` });

/**
 * The `alert.audience` job (decision 101): freezes the next chunk of the alert's audience into batches
 * of recipients, each with its `alert.batch` job, and the chunk after it as the next `alert.audience`
 * job, in one write; then queues them. A repeated run finds the chunk frozen and does nothing.
 */
export async function freezeAlertAudience(deps: { alerts: AlertRepository; jobs: Pick<JobFanOut, 'queue'>; clock: Clock }, ref: string) {
  const parsed = parseRef(ref);
  if (!parsed) return badRef(ref);
  await sendJobMessages(deps.jobs.queue, await deps.alerts.freezeChunk(parsed[0], parsed[1], deps.clock.now()));
  return jobDone;
}

/** Runs `work` over `items`, at most `limit` at once. */
async function forEachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface DeliverDeps {
  alerts: AlertRepository;
  push: PushSender;
  clock: Clock;
}

/**
 * The `alert.batch` job (decision 101): one round of pushes to a batch's recipients still pending,
 * six at a time (a Worker's simultaneous connections), starting none after ROUND_SECONDS. Each
 * outcome is written in one write fenced by this run's hold on the job: delivered, removed (the push
 * service said 404 or 410, or refused it a third alert running, or the reader turned alerts off
 * meanwhile: the subscription goes), failed,
 * or tried again on the job's next run (429, 5xx, no answer) with the fan-out's backoff, until its
 * last run or the alert's TTL. A run repeated after a crash pushes only what has no outcome yet.
 */
export async function deliverAlertBatch(deps: DeliverDeps, ref: string, job: Pick<ClaimedJob, 'id' | 'attempt'>): Promise<JobOutcome> {
  const parsed = parseRef(ref);
  if (!parsed) return badRef(ref);
  const [alertId, batch] = parsed;
  const pending = await deps.alerts.pendingBatch(alertId, batch);
  if (!pending || pending.recipients.length === 0) return jobDone;
  const { alert, recipients } = pending;

  const startedAt = Date.parse(deps.clock.now());
  const deadline = startedAt + ROUND_SECONDS * 1000;
  const when = {
    lastRun: job.attempt >= JOB_POLICIES['alert.batch'].maxAttempts,
    secondsSinceAlert: (startedAt - Date.parse(alert.createdAt)) / 1000,
  };
  const message = alertMessage(alert);
  const options = {
    ttlSeconds: ALERT_TTL_SECONDS,
    urgency: ALERT_URGENCY,
    topic: pushTopicHeader(alert.topic),
    contact: alert.contact,
  } as const;
  const outcomes: RoundOutcomes = { delivered: [], gone: [], unsubscribed: [], failed: [], refused: [], retry: [] };
  let untried = 0;

  await forEachAtMost(recipients, PUSH_CONCURRENCY, async ({ subscriptionId, target, refusals }: PendingRecipient) => {
    if (target === null) return void outcomes.unsubscribed.push(subscriptionId);
    if (Date.parse(deps.clock.now()) > deadline) return void (untried += 1);
    const result = await deps.push.send(target, message, options);
    const status = result.status;
    switch (recipientOutcome(result, { ...when, refusals })) {
      case 'delivered':
        return void outcomes.delivered.push({ subscriptionId, status: status! });
      case 'removed':
        return void outcomes.gone.push({ subscriptionId, status: status! });
      case 'failed':
        if (result.kind === 'failed') outcomes.refused.push(subscriptionId);
        return void outcomes.failed.push({ subscriptionId, status });
      case 'retry':
        return void outcomes.retry.push({
          subscriptionId,
          status,
          retryAfterSeconds: result.kind === 'retry' ? result.retryAfterSeconds : null,
        });
    }
  });

  // Another run holds the job now (this one outlived its lease): it does the work; this one wrote nothing.
  if (!(await deps.alerts.recordRound(alertId, outcomes, job, deps.clock.now()))) return jobDone;
  const left = outcomes.retry.length + untried;
  if (left === 0) return jobDone;
  // The push services' Retry-After: the next run waits at least the longest of them.
  const notBeforeSeconds = Math.max(0, ...outcomes.retry.map((recipient) => recipient.retryAfterSeconds ?? 0));
  return { status: 'retry', error: `${left} of ${recipients.length} pushes to try again`, notBeforeSeconds };
}
