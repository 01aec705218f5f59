/**
 * Delivering an activity to an inbox (docs/decisions/096-fediverse-delivery.md): what an answer
 * means, and how inboxes are grouped into the fan-out's batches.
 */

/** What came back from one POST to an inbox: its status, or why there was none (timeout, refused address, network). */
export type DeliveryResult = { status: number } | { error: string };

/**
 * - delivered: 2xx;
 * - gone: 410, the inbox is no more, so its followers go too;
 * - rejected: any other 4xx but 401, 408 and 429: sending again would get the same answer;
 * - retry: 401 (the server may hold an old copy of our key), 408, 429, 5xx, and no answer at all.
 */
export type DeliveryVerdict = 'delivered' | 'gone' | 'rejected' | 'retry';

export function deliveryVerdict(result: DeliveryResult): DeliveryVerdict {
  if ('error' in result) return 'retry';
  const { status } = result;
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) return 'rejected';
  return 'retry';
}

/**
 * Inboxes per job: one job delivers to this many, side by side. 20,000 servers make 400 jobs (well
 * under what a local queue holds), and 50 requests stay far under a Worker's subrequest limit.
 */
export const INBOXES_PER_BATCH = 50;

/** Requests one job has in flight at once; and to one server at a time, at most one. */
export const DELIVERY_CONCURRENCY = 16;

/** How long one inbox may take to answer before it counts as no answer (and is retried later). */
export const DELIVERY_TIMEOUT_MS = 10_000;
