import { EMAIL_UTM_MEDIUM } from '../readership/referrer-source.ts';

/** Newsletter rules (docs/product/api-readers.md; decisions 082, 083). */

export const NEWSLETTER_NAME_MAX = 100;
export const NEWSLETTER_DESCRIPTION_MAX = 500;
export const SENDER_NAME_MAX = 100;
/** A confirmation link works this long (double opt-in). */
export const CONFIRMATION_DAYS = 7;
/** A pending address is mailed its confirmation again at most this often. */
export const CONFIRMATION_RESEND_MINUTES = 10;
/**
 * Recipients per batch: one queue message, one job, one SMTP connection each; 10,000 recipients are
 * 100 messages on the queue.
 */
export const SEND_BATCH_SIZE = 100;
/**
 * A batch writes what the mail server took every this many messages, on the same connection: a run
 * that dies part-way repeats at most this many (per batch running at that moment), not the batch.
 */
export const SEND_PROGRESS_SLICE = 10;
/**
 * A finished send's recipient rows (who was mailed, for a late bounce or complaint and the reader's
 * export) are kept this long; then only the send's figures. Bounces come within days, and
 * complaints through a mailbox provider's feedback loop within weeks.
 */
export const SEND_RECIPIENTS_KEPT_DAYS = 30;
/** Recipient rows forgotten per minute at most: 10,000 a run, a million-recipient send in under two hours. */
export const SEND_RECIPIENTS_FORGOTTEN_PER_RUN = 10_000;
/** Subscriber lists page at most this many rows; the CSV export has them all. */
export const SUBSCRIBERS_PAGE_MAX = 500;
/** An import takes at most this many lines (and 2 MB, the API's body limit). */
export const IMPORT_LINES_MAX = 50_000;
export const IMPORT_BYTES_MAX = 2 * 1024 * 1024;
/** The postal address setting (shown in every newsletter's footer). */
export const POSTAL_ADDRESS_MAX = 500;

/** Links to the site in a newsletter carry these, so readership counts the visit under `email` (readership/referrer-source.ts). */
export function utmFor(newsletterSlug: string): Record<string, string> {
  return { utm_source: newsletterSlug, utm_medium: EMAIL_UTM_MEDIUM };
}

/** The site's newsletter settings (site_settings key `newsletters`). */
export const NEWSLETTER_SETTINGS_KEY = 'newsletters';
export interface NewsletterSettings {
  postalAddress: string | null;
}

export function readNewsletterSettings(stored: unknown): NewsletterSettings {
  const value = (stored ?? {}) as { postalAddress?: unknown };
  return { postalAddress: typeof value.postalAddress === 'string' && value.postalAddress.trim() ? value.postalAddress : null };
}

/** The newsroom's own newsletter (the home page offers it): the first active one (by name) that belongs to no beat. */
export function newsroomNewsletter<T extends { isActive: boolean; beat: { id: number } | null }>(newsletters: readonly T[]): T | null {
  return newsletters.find((newsletter) => newsletter.isActive && newsletter.beat === null) ?? null;
}

/** A beat's newsletter (its page offers it), the first active one for it, or null. */
export function beatNewsletter<T extends { isActive: boolean; beat: { id: number } | null }>(
  newsletters: readonly T[],
  beatId: number | null | undefined,
): T | null {
  if (beatId == null) return null;
  return newsletters.find((newsletter) => newsletter.isActive && newsletter.beat?.id === beatId) ?? null;
}
