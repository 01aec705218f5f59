import { ALERT_TTL_SECONDS } from '../../domain/alerts/delivery.ts';
import type { AlertRepository } from '../../domain/alerts/ports.ts';
import { addSeconds } from '../../domain/time.ts';

/** An alert not sent an hour after its TTL is given up: no push service would deliver it any more. */
export const STALE_ALERT_SECONDS = ALERT_TTL_SECONDS + 60 * 60;

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
