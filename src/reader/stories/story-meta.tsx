/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { formatFullDate } from '../../domain/dates.ts';
import { relativeTime } from '../../domain/relative-time.ts';

/** The separator between parts of a byline, read as nothing by screen readers. */
export function Dot() {
  return <span aria-hidden="true"> · </span>;
}

/** A moment in the one date style (decision 046). */
export function FullDate({ iso }: { iso: string }) {
  return <time datetime={iso}>{formatFullDate(iso)}</time>;
}

/** A moment as "3 hours ago", at the clock's `now`. */
export function TimeAgo({ iso, now }: { iso: string; now: string }) {
  return <time datetime={iso}>{relativeTime(iso, new Date(now))}</time>;
}
