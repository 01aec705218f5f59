/**
 * The schedule's date and time as the reporter reads and types them: a datetime-local value
 * ("2026-11-23T06:00") in their own time zone, stored as UTC ISO-8601 (docs/product/api.md).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC instant as the datetime-local value for the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value, read in the browser's time zone, as UTC ISO-8601 (null when blank or not a time). */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** "Europe/London": which clock the schedule is read in. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
