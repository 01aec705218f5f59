/** Timestamps travel as ISO-8601 strings in UTC. */
export function toIso(date: Date): string {
  return date.toISOString();
}

export function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** The clock, given to whatever needs to know the time (the domain itself never reads it). */
export interface Clock {
  /** Now, as an ISO-8601 UTC string. */
  now(): string;
}
