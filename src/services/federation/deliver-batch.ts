import { DELIVERY_CONCURRENCY, deliveryVerdict, type DeliveryResult } from '../../domain/federation/delivery.ts';
import type { DeliveryOutcome, FederationOutbox } from '../../domain/federation/ports.ts';
import type { Clock } from '../../domain/time.ts';

/** Signs and POSTs an activity's JSON to an inbox as the account (adapters/federation/signed-delivery.ts). */
export interface InboxClient {
  post(inbox: string, body: string, account: string): Promise<DeliveryResult>;
}

export interface DeliverDeps {
  outbox: Pick<FederationOutbox, 'batch' | 'recordOutcomes' | 'giveUp'>;
  inboxes: InboxClient;
  clock: Clock;
}

/** What the fan-out's runner is told (decision 065): all done, try the rest again later, or give up. */
export type BatchOutcome = { status: 'done' } | { status: 'retry'; error: string } | { status: 'failed'; error: string };

/** A job's ref: the activity and the batch of its inboxes. */
export function batchRef(activityId: string, batch: number): string {
  return `${activityId}:${batch}`;
}

export function parseBatchRef(ref: string): { activityId: string; batch: number } | null {
  const match = /^([0-9a-f]{16,40}):([0-9]{1,6})$/.exec(ref);
  return match ? { activityId: match[1]!, batch: Number(match[2]) } : null;
}

/**
 * One run of a delivery job: every inbox of the batch still waiting gets the activity, many servers
 * at once but one request at a time per server, so a slow or failing server holds up only itself.
 * What each answered is written in one go; those that should be tried again make the job retry
 * (with the fan-out's backoff, over about a day), and on its last run they are given up.
 */
export async function deliverBatch(deps: DeliverDeps, ref: string, lastAttempt: boolean): Promise<BatchOutcome> {
  const parsed = parseBatchRef(ref);
  if (!parsed) return { status: 'failed', error: `not a delivery batch: ${ref}` };
  const batch = await deps.outbox.batch(parsed.activityId, parsed.batch);
  if (!batch || batch.deliveries.length === 0) return { status: 'done' };

  const outcomes: DeliveryOutcome[] = [];
  await eachWithLimits(
    batch.deliveries,
    (delivery) => delivery.host,
    DELIVERY_CONCURRENCY,
    async (delivery) => {
      const result = await deps.inboxes.post(delivery.inbox, batch.body, batch.account);
      outcomes.push({
        inbox: delivery.inbox,
        verdict: deliveryVerdict(result),
        status: 'status' in result ? result.status : null,
        error: 'error' in result ? result.error.slice(0, 300) : null,
      });
    },
  );
  await deps.outbox.recordOutcomes(parsed.activityId, outcomes, deps.clock.now());

  const waiting = outcomes.filter((outcome) => outcome.verdict === 'retry');
  if (waiting.length === 0) return { status: 'done' };
  const error = `${waiting.length} of ${outcomes.length} inboxes to try again (${waiting[0]!.status ?? waiting[0]!.error})`;
  if (!lastAttempt) return { status: 'retry', error };
  await deps.outbox.giveUp(parsed.activityId, parsed.batch, error);
  return { status: 'failed', error };
}

/**
 * Runs `work` over `items`, at most `limit` at once and, among items with the same key, one at a
 * time in order: a slow server holds only its own inboxes, never anyone else's.
 */
export async function eachWithLimits<T>(items: readonly T[], keyOf: (item: T) => string, limit: number, work: (item: T) => Promise<void>) {
  const queues = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const queue = queues.get(key);
    if (queue) queue.push(item);
    else queues.set(key, [item]);
  }
  const lanes = [...queues.values()];
  let next = 0;
  const runner = async () => {
    while (next < lanes.length) {
      const lane = lanes[next++]!;
      for (const item of lane) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, lanes.length) }, runner));
}
