import { addSeconds } from '../time.ts';

/**
 * Caps on mail a stranger can ask the newsroom to send (decision 105, decision 105), counted per subject
 * in a sliding window: the mailbox (mailbox.ts) for a reader's sign-in links and confirmations, all
 * newsletters together, and the account for staff's "Forgot password?". Past a cap the request is
 * answered as any other (202) and nothing more is mailed, so no form can flood an inbox.
 */
export const MAIL_ALLOWANCES = {
  /** Sign-in links: 5 per mailbox per link lifetime (SIGN_IN_LINK_MINUTES). */
  'reader.sign_in': { limit: 5, windowSeconds: 15 * 60 },
  /** Newsletter confirmations, every newsletter together: 5 per mailbox an hour. */
  'newsletter.confirmation': { limit: 5, windowSeconds: 60 * 60 },
  /** "Forgot password?" links: 3 per staff account an hour. */
  'staff.password_reset': { limit: 3, windowSeconds: 60 * 60 },
} as const;

export type MailAllowanceKind = keyof typeof MAIL_ALLOWANCES;

/** What was taken is kept this long (the longest window), then the minute job forgets it. */
export const MAIL_ALLOWANCES_KEPT_SECONDS = Math.max(...Object.values(MAIL_ALLOWANCES).map((allowance) => allowance.windowSeconds));

/** The window a take counts in: at most `limit` taken since `since`. */
export function allowanceWindow(kind: MailAllowanceKind, now: string): { limit: number; since: string } {
  const { limit, windowSeconds } = MAIL_ALLOWANCES[kind];
  return { limit, since: addSeconds(now, -windowSeconds) };
}

/** The allowances as storage keeps them (src/adapters/d1/d1-mail-allowances.ts). */
export interface MailAllowances {
  /**
   * Takes one of `kind`'s allowance for `subject` (a mailbox, or `user:{id}`), counting and taking in
   * one atomic write so concurrent requests cannot overshoot: false, and nothing taken, when the
   * window holds `limit` already.
   */
  take(kind: MailAllowanceKind, subject: string, window: { limit: number; since: string }, now: string): Promise<boolean>;
  /** Forgets what was taken before `before`. */
  pruneBefore(before: string): Promise<void>;
}
