/** Timestamps travel as ISO-8601 strings in UTC. */
export function toIso(date: Date): string {
  return date.toISOString();
}

export function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}
