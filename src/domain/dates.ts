/**
 * How dates read on the site (docs/product/rules.md#formats, decision 046): one style, in UTC,
 * saying so, the same in the worker's pages, the app and the feeds.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day in UTC ("November 21, 2025"), for lists where the time of day is noise. Written
 * by hand rather than by Intl: the same text in every engine (the worker's, every browser's).
 */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * The one way the site writes a moment (decision 046): long month, day, year, two-digit hour and
 * minute, en-US, in UTC and saying so ("November 21, 2025 at 05:50 PM UTC"). Bylines, corrections,
 * search results, feeds and the staff's screens alike, so the worker's pages and the app never
 * disagree, whatever the reader's time zone.
 */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  const hours = date.getUTCHours();
  return `${formatDay(iso)} at ${twoDigits(hours % 12 || 12)}:${twoDigits(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}

/** "Correction, November 23, 2026 at 10:00 AM UTC: ..." */
export function correctionLine(correction: { note: string; createdAt: string }): string {
  return `Correction, ${formatFullDate(correction.createdAt)}: ${correction.note}`;
}
