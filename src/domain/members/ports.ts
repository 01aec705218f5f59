/**
 * What deciding access needs from storage (src/adapters/d1/d1-reader-levels.ts). Paid tiers,
 * Stripe and payments have their own ports (revenue-ports.ts).
 */

/** A signed-in reader's level: free, or paid (a live paid subscription, or a complimentary membership). */
export type MemberLevel = 'free' | 'paid';

export interface ReaderLevels {
  /**
   * `paid` while one of the reader's subscriptions gives access (membership.ts givesAccess: Stripe
   * said active, trialing or past_due, and after a cancellation until the period's end), or while an
   * admin's comp is open; else `free`.
   */
  levelOf(readerId: number, now: string): Promise<MemberLevel>;
}
