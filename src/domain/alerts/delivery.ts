/**
 * How an alert travels (docs/product/api-alerts.md, decision 101): the rules, without the I/O.
 */

/**
 * How long a push service keeps an alert for a device that is offline (the `TTL` header). Four
 * hours: a phone that was off all morning still hears of the news, and by evening "breaking" is
 * no longer true. A newer alert on the same topic replaces a waiting one anyway (the `Topic` header).
 */
export const ALERT_TTL_SECONDS = 4 * 60 * 60;
/** RFC 8030 section 5.3: `high` wakes a phone that saves its battery; breaking news is what it is for. */
export const ALERT_URGENCY = 'high';

/** Subscriptions per batch row: one queue message, one lease, one write of outcomes. */
export const RECIPIENTS_PER_BATCH = 100;
/** Subscriptions frozen into batch rows per step: a step stays a few small D1 statements at any audience size. */
export const FREEZE_CHUNK = 5000;

/**
 * A batch's round: it starts no push after ROUND_SECONDS, and each push gives up after
 * PUSH_TIMEOUT_SECONDS, so a round ends well within its job's lease (alert.batch in domain/jobs/job.ts)
 * and a second runner only takes it over when the first died. Retries follow the fan-out's backoff.
 */
export const ROUND_SECONDS = 60;
export const PUSH_TIMEOUT_SECONDS = 15;
/** Push requests in flight at once per round: a Worker has six simultaneous outgoing connections. */
export const PUSH_CONCURRENCY = 6;

/** What a push service answered, as far as we act on it. */
export type PushResult =
  | { kind: 'delivered'; status: number }
  /** 404 or 410: the subscription has expired or the reader revoked it; it is removed. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx or no answer at all: tried again later (`retryAfterSeconds` from the service's Retry-After). */
  | { kind: 'retry'; status: number | null; retryAfterSeconds: number | null }
  /** Anything else (400, 401, 403, 413...): our request is wrong and would stay wrong. */
  | { kind: 'failed'; status: number };

export function classifyPushStatus(status: number, retryAfterSeconds: number | null): PushResult {
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterSeconds };
  return { kind: 'failed', status };
}

/**
 * A subscription whose push service refused its pushes (400, 401, 403, 413...: `failed` above) this
 * many alerts running is removed: a service that will not take them would otherwise be posted to on
 * every alert for ever. A delivery starts the count again. Not at the first refusal: a refusal can
 * be ours (a VAPID key being replaced), and one bad alert must not empty the audience.
 */
export const REFUSALS_BEFORE_REMOVAL = 3;

/** A recipient's outcome for this round. */
export type RecipientOutcome = 'delivered' | 'removed' | 'failed' | 'retry';

/**
 * What becomes of a recipient after a try: a push the service refused for now is tried again, unless
 * this was the batch's last run or the alert is past its TTL (a push service would drop it unread).
 * `refusals` is how many alerts running the subscription's service refused before this one.
 */
export function recipientOutcome(
  result: PushResult,
  { lastRun, secondsSinceAlert, refusals = 0 }: { lastRun: boolean; secondsSinceAlert: number; refusals?: number },
): RecipientOutcome {
  if (result.kind === 'delivered') return 'delivered';
  if (result.kind === 'gone') return 'removed';
  if (result.kind === 'failed') return refusals + 1 >= REFUSALS_BEFORE_REMOVAL ? 'removed' : 'failed';
  if (lastRun || secondsSinceAlert >= ALERT_TTL_SECONDS) return 'failed';
  return 'retry';
}
