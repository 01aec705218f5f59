/**
 * When a live stream ends by itself: its reporter has been gone for the grace period
 * (LIVE_GRACE_SECONDS), counted from the last moment the room knew them there (a chunk, a heartbeat,
 * the socket closing). The room keeps an alarm set at all times while live, also while the
 * reporter is connected (a heartbeat, re-armed every grace period), because a process that dies
 * runs no close handler: after a crash and restart the pending alarm fires, finds no reporter's
 * socket, and ends the stream once the grace period since they were last seen has passed.
 */

export interface AlarmInput {
  now: number;
  publisherConnected: boolean;
  /** The last moment the reporter was known to be there (ms since the epoch). */
  seenAt: number;
  graceMs: number;
}

export type AlarmDecision = { end: true } | { end: false; at: number };

export function alarmDecision({ now, publisherConnected, seenAt, graceMs }: AlarmInput): AlarmDecision {
  // Connected: look again a grace period from now (if the process dies meanwhile, this alarm is what ends the stream).
  if (publisherConnected) return { end: false, at: now + graceMs };
  const deadline = seenAt + graceMs;
  return now >= deadline ? { end: true } : { end: false, at: deadline };
}
