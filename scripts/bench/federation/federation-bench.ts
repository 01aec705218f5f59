/**
 * The pieces of `npm run bench:federation`: followers made by real signed Follows from the peer,
 * a story published through the API, and the wait for every server to have it, read from what the
 * peer received (each delivery checked with the peer's own signature code).
 */

export interface PeerEntry {
  host: string;
  verified: boolean;
  reason: string | null;
  status: number;
  at: number;
  activity: { type?: string; object?: unknown } | null;
}

export async function json<T>(url: string, init: RequestInit & { token?: string; body?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Runs `work` over `items`, `limit` at a time. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** What the peer's hosts received of one type since `since` (ms). */
export function receivedOf(peer: string, type: string, since: number): Promise<PeerEntry[]> {
  return json<PeerEntry[]>(`${peer}/_peer/received?type=${type}&since=${since}`);
}

/** Polls until `done` holds for what arrived (or the time is up); answers the last look. */
export async function waitFor<T>(look: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await look();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The D1 statements the served worker has sent, by its own count (COUNT_D1_QUERIES=1). */
export async function d1Statements(baseUrl: string): Promise<number> {
  return (await json<{ statements: number }>(`${baseUrl}/api/health/d1`)).statements;
}

export interface RoundResult {
  round: string;
  servers: number;
  /** Servers that got the Create exactly once, verified. */
  exactlyOnce: number;
  duplicates: number;
  unverified: number;
  /** From the POST's 201 to the last healthy server's Create, and to the last of all. */
  lastHealthyMs: number;
  lastMs: number | null;
  deliveries: number;
  statements: number;
  /** Servers told to fail first that got it on a retry, and when. */
  retried: { host: string; afterMs: number }[];
}

export function resultTable(results: readonly RoundResult[]): string {
  const rows = [
    [
      'round',
      'servers',
      'Create once',
      'dupes',
      'unverified',
      'last healthy',
      'last of all',
      'deliveries',
      'D1 statements',
      'per delivery',
      'retried',
    ],
    ...results.map((r) => [
      r.round,
      String(r.servers),
      String(r.exactlyOnce),
      String(r.duplicates),
      String(r.unverified),
      `${(r.lastHealthyMs / 1000).toFixed(2)} s`,
      r.lastMs === null ? 'n/a' : `${(r.lastMs / 1000).toFixed(1)} s`,
      String(r.deliveries),
      String(r.statements),
      r.deliveries > 0 ? (r.statements / r.deliveries).toFixed(2) : '-',
      r.retried.length === 0 ? '-' : r.retried.map((retry) => `${(retry.afterMs / 1000).toFixed(0)} s`).join(', '),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`).join('\n');
}
