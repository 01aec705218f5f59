/**
 * How numbers and dates read on the site (docs/product/rules.md#limits-and-constants), shared by the SPA and the worker's
 * HTML so both say the same thing. Intl does the work. A browser pays tens of milliseconds the
 * first time it builds each kind of Intl formatter, so each is built on first use, not on import,
 * and numbers that need no formatting (under 1,000) do not build one.
 */

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const compact = lazy(() => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }));

/** "1K" style from 1,000, "1M" style from 1,000,000, at most one decimal; smaller whole numbers as they are. */
export function compactNumber(value: number): string {
  return Math.abs(value) >= 1000 || !Number.isInteger(value) ? compact().format(value) : String(value);
}

/** "1 view", "12 views", "1.5K views". */
export function viewsLabel(views: number): string {
  return `${compactNumber(views)} ${views === 1 ? 'view' : 'views'}`;
}

const FULL_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' };
const localFullDate = lazy(() => new Intl.DateTimeFormat('en-US', FULL_DATE));

/**
 * Long month, day, year, 2-digit hour and minute, en-US ("November 21, 2025 at 05:50 PM"), in
 * the reader's time zone unless one is given.
 */
export function formatFullDate(iso: string, timeZone?: string): string {
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { ...FULL_DATE, timeZone }) : localFullDate();
  return format.format(new Date(iso));
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const localDay = lazy(() => new Intl.DateTimeFormat('en-US', DAY));

/** The calendar day alone ("November 21, 2025"), for lists where the time of day is noise. */
export function formatDay(iso: string, timeZone?: string): string {
  const format = timeZone ? new Intl.DateTimeFormat('en-US', { ...DAY, timeZone }) : localDay();
  return format.format(new Date(iso));
}

const CORRECTION_DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const localCorrectionDay = lazy(() => new Intl.DateTimeFormat('en-GB', CORRECTION_DAY));

/** The date a correction is published under, as the press writes it ("23 November 2026"). */
export function formatCorrectionDate(iso: string, timeZone?: string): string {
  const format = timeZone ? new Intl.DateTimeFormat('en-GB', { ...CORRECTION_DAY, timeZone }) : localCorrectionDay();
  return format.format(new Date(iso));
}

/** "Correction, 23 November 2026: ..." */
export function correctionLine(correction: { note: string; createdAt: string }, timeZone?: string): string {
  return `Correction, ${formatCorrectionDate(correction.createdAt, timeZone)}: ${correction.note}`;
}
