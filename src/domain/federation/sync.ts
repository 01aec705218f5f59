/**
 * Followers converge on what the story is now (docs/decisions/096-fediverse-delivery.md): what was
 * last sent of an object is compared with what would be sent now, and at most one activity follows.
 */

/** What followers were last sent of an object (a story's Article, a key event's Note). */
export interface SentObject {
  generation: number;
  state: 'live' | 'deleted';
  fingerprint: string;
  /** Goes up on every change: the write that records the next one only happens if it is still this. */
  seq: number;
  /** Whose object it was: a Delete is signed by the same account. */
  account: string;
}

export type SyncAction =
  | { kind: 'create'; generation: number }
  | { kind: 'update'; generation: number }
  | { kind: 'delete'; generation: number; account: string }
  | { kind: 'none' };

/**
 * `current` is the fingerprint of what would be sent now, or null when followers may no longer have
 * the object (unpublished, deleted, no longer a key event). A deleted object published again is a
 * new object (the next generation): servers keep a tombstone of the old id.
 */
export function syncAction(sent: SentObject | null, current: string | null): SyncAction {
  if (current !== null) {
    if (!sent) return { kind: 'create', generation: 1 };
    if (sent.state === 'deleted') return { kind: 'create', generation: sent.generation + 1 };
    return sent.fingerprint === current ? { kind: 'none' } : { kind: 'update', generation: sent.generation };
  }
  return sent?.state === 'live' ? { kind: 'delete', generation: sent.generation, account: sent.account } : { kind: 'none' };
}

/**
 * Followers' feeds get news: a story (or key event) first sent more than this long after it was
 * published (one changed long after, before the fediverse ever had it; a backlog after an outage) is
 * recorded as sent without being pushed into anyone's feed. It is in the outbox for those who look.
 */
export const PUSH_WINDOW_HOURS = 24;

export function isStaleForFeeds(action: SyncAction, published: string, now: string): boolean {
  return action.kind === 'create' && action.generation === 1 && Date.parse(now) - Date.parse(published) > PUSH_WINDOW_HOURS * 3600_000;
}
