/**
 * How numbers read on the site (docs/product/rules.md#limits-and-constants), shared by the SPA and
 * the worker's HTML so both say the same thing (dates: dates.ts). Intl does the work; a browser pays
 * tens of milliseconds the first time it builds an Intl formatter, so it is built on first use, not
 * on import, and numbers that need no formatting (under 1,000) do not build one.
 */

import { countOf } from './plural.ts';

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
  return countOf(views, 'view', 'views', compactNumber);
}
