const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let relative: Intl.RelativeTimeFormat | undefined;

/**
 * docs/product/rules.md#limits-and-constants: under a minute "just now", then whole minutes, hours or days ago
 * ("1 minute ago", "2 hours ago", "40 days ago"). A time in the future also reads "just now".
 */
export function relativeTime(iso: string, now: Date): string {
  const seconds = Math.floor((now.getTime() - Date.parse(iso)) / 1000);
  if (!(seconds >= MINUTE)) return 'just now';
  // Built on first use: the first Intl formatter of a page is expensive to make.
  relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
  if (seconds < HOUR) return relative.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return relative.format(-Math.floor(seconds / HOUR), 'hour');
  return relative.format(-Math.floor(seconds / DAY), 'day');
}
