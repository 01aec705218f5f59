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

/** Tries per subscription before its outcome is `failed`. */
export const MAX_PUSH_ATTEMPTS = 5;
/** The first retry's wait; each later one triples it, up to RETRY_MAX_SECONDS. */
export const RETRY_BASE_SECONDS = 10;
export const RETRY_MAX_SECONDS = 15 * 60;

/**
 * A batch's lease: long enough for a round (ROUND_SECONDS of sending, the last requests finishing
 * within PUSH_TIMEOUT_SECONDS), so a second claim only happens when the first claimant died.
 */
export const LEASE_SECONDS = 120;
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

/** The wait before try number `attempt + 1`, after `attempt` tries: the service's Retry-After when it asks for longer. */
export function retryDelaySeconds(attempt: number, retryAfterSeconds: number | null): number {
  const backoff = Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 3 ** Math.max(0, attempt - 1));
  return Math.max(backoff, Math.min(retryAfterSeconds ?? 0, RETRY_MAX_SECONDS));
}

/** A recipient's outcome for this round. */
export type RecipientOutcome = 'delivered' | 'removed' | 'failed' | 'retry';

/**
 * What becomes of a recipient after a try (`attempts` counts it): a retry is given up when the
 * tries are spent or when the next one would come after the alert's TTL (the push service would
 * drop it unread anyway).
 */
export function recipientOutcome(result: PushResult, attempts: number, secondsSinceAlert: number): RecipientOutcome {
  if (result.kind === 'delivered') return 'delivered';
  if (result.kind === 'gone') return 'removed';
  if (result.kind === 'failed') return 'failed';
  if (attempts >= MAX_PUSH_ATTEMPTS) return 'failed';
  return secondsSinceAlert + retryDelaySeconds(attempts, result.retryAfterSeconds) < ALERT_TTL_SECONDS ? 'retry' : 'failed';
}
