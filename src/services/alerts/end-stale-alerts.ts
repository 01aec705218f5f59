import { ALERT_TTL_SECONDS } from '../../domain/alerts/delivery.ts';
import type { AlertRepository } from '../../domain/alerts/ports.ts';
import { addSeconds } from '../../domain/time.ts';

/** An alert not sent an hour after its TTL is given up: no push service would deliver it any more. */
export const STALE_ALERT_SECONDS = ALERT_TTL_SECONDS + 60 * 60;

/** A sent alert's recipient rows are kept this long (to look into a complaint), then only its figures. */
export const ALERT_RECIPIENTS_KEPT_DAYS = 7;

/** Recipient rows forgotten per minute at most: 10,000 a run, 14 million a day. */
export const RECIPIENTS_FORGOTTEN_PER_RUN = 10_000;

/**
 * The minute job's part in alerts (decision 101): an alert that can no longer finish by itself (a
 * batch whose job gave up on errors, an audience whose freezing died) is ended once it is past its
 * TTL, so none stays "sending" for ever. Answers how many it ended.
 */
export async function endStaleAlerts(deps: { alerts: AlertRepository }, now: string): Promise<number> {
  const ended = await deps.alerts.endStale(addSeconds(now, -STALE_ALERT_SECONDS), now);
  if (ended > 0) console.log(`Ended ${ended} alert(s) past their TTL with pushes still pending`);
  return ended;
}

/**
 * The minute job's other part in alerts: a sent alert's recipient rows (one per subscription it was
 * pushed to) go a week after it finished, a slice per run, so the table does not grow with every alert.
 */
export async function forgetOldRecipients(deps: { alerts: AlertRepository }, now: string): Promise<number> {
  return deps.alerts.forgetRecipients(addSeconds(now, -ALERT_RECIPIENTS_KEPT_DAYS * 24 * 3600), RECIPIENTS_FORGOTTEN_PER_RUN);
}
