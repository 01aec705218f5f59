import { machineLoad } from '../machine-load.ts';
import { Agent, request } from 'undici';
import { summarize, type DelaySummary } from '../live/stream-follower.ts';
import { benchReader, type BenchReader } from './reader.ts';

/**
 * One round of `npm run bench:liveblog`: `readers` simulated readers open a fresh live blog's page
 * and follow it (reader.ts), then one reporter posts an update every `postEveryMs` for `postForMs`;
 * the round measures, for every (reader, update), the time from the post's 201 to that reader
 * having it, the readers that missed any, and D1 statements per second over the posting
 * (the worker's own count: served with COUNT_D1_QUERIES=1, read at GET /api/health/d1).
 */
export interface RoundResult {
  readers: number;
  connected: number;
  joinMs: number;
  posts: number;
  delay: DelaySummary;
  missed: number;
  d1PerSecond: number;
  d1PerPost: number;
  reconnects: number;
  failures: number;
  load: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json<T>(
  baseUrl: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const answer = await request(`${baseUrl}${path}`, {
    method: method as 'GET',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.body.text();
  return { status: answer.statusCode, body: (text ? JSON.parse(text) : null) as T };
}

async function d1Statements(baseUrl: string): Promise<number> {
  const answer = await json<{ statements: number }>(baseUrl, 'GET', '/api/health/d1', null);
  if (answer.status !== 200) throw new Error('the served worker does not count D1 statements (COUNT_D1_QUERIES=1)');
  return answer.body.statements;
}

export async function runRound(options: {
  baseUrl: string;
  token: string;
  readers: number;
  postEveryMs: number;
  postForMs: number;
  joinTimeoutMs: number;
}): Promise<RoundResult> {
  const { baseUrl, token, readers: count, postEveryMs, postForMs } = options;
  const title = `Bench live ${count} readers ${Date.now().toString(36)}`;
  const created = await json<{ id: number; slug: string }>(baseUrl, 'POST', '/api/stories', token, {
    title,
    description: 'A live blog the benchmark posts to',
    content: '<p>What we know so far.</p>',
    status: 'published',
    format: 'liveblog',
  });
  if (created.status !== 201) throw new Error(`creating the live blog: HTTP ${created.status}`);
  const blog = created.body;
  for (let n = 1; n <= 3; n++)
    await json(baseUrl, 'POST', `/api/stories/${blog.id}/updates`, token, { body: `<p>Earlier update ${n}.</p>` });

  // Readers' connections, and the reporter's own.
  const agent = new Agent({
    connections: null,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 120_000,
    bodyTimeout: 0,
    connect: { timeout: 60_000 },
  });
  const joinStart = performance.now();
  const readers: BenchReader[] = [];
  // Arrivals spread over about two seconds per thousand, as a breaking story's audience arrives.
  const spreadMs = Math.min(4000, count * 2);
  for (let n = 0; n < count; n++) {
    readers.push(benchReader(baseUrl, blog.slug, blog.id, agent));
    if (spreadMs > 0 && n % 50 === 49) await sleep((spreadMs * 50) / count);
  }
  const joinDeadline = Date.now() + options.joinTimeoutMs;
  while (readers.some((reader) => reader.connectedAt === null && reader.failures === 0) && Date.now() < joinDeadline) await sleep(100);
  const connected = readers.filter((reader) => reader.connectedAt !== null);
  const joinMs = connected.length > 0 ? Math.max(...connected.map((reader) => reader.connectedAt!)) - joinStart : Number.NaN;
  await sleep(2000);

  const posts: { id: number; at: number }[] = [];
  const d1Before = await d1Statements(baseUrl);
  const windowStart = performance.now();
  for (let k = 1; performance.now() - windowStart < postForMs; k++) {
    const due = windowStart + (k - 1) * postEveryMs;
    if (due > performance.now()) await sleep(due - performance.now());
    const answer = await json<{ id: number }>(baseUrl, 'POST', `/api/stories/${blog.id}/updates`, token, {
      body: `<p>Update ${k} from the scene: ${'the situation develops. '.repeat(6)}</p>`,
      keyEvent: k % 10 === 0,
    });
    const at = performance.now();
    if (answer.status !== 201) throw new Error(`posting update ${k}: HTTP ${answer.status}`);
    posts.push({ id: answer.body.id, at });
  }
  // Everyone's last update has time to arrive; the D1 count covers the minute of posting and these seconds.
  await sleep(Math.max(5000, postEveryMs));
  const d1After = await d1Statements(baseUrl);
  const windowSeconds = (performance.now() - windowStart) / 1000;

  const delays: number[] = [];
  let missed = 0;
  for (const reader of connected) {
    let all = true;
    for (const post of posts) {
      const seen = reader.seen.get(post.id);
      if (seen === undefined) all = false;
      else delays.push(Math.max(0, seen - post.at));
    }
    if (!all) missed++;
  }
  for (const reader of readers) reader.stop();
  await Promise.race([Promise.all(readers.map((reader) => reader.done)), sleep(10_000)]);
  await agent.close().catch(() => undefined);
  const statements = d1After - d1Before;
  return {
    readers: count,
    connected: connected.length,
    joinMs,
    posts: posts.length,
    delay: summarize(delays),
    missed: missed + (readers.length - connected.length),
    d1PerSecond: statements / windowSeconds,
    d1PerPost: statements / Math.max(1, posts.length),
    reconnects: readers.reduce((sum, reader) => sum + reader.reconnects, 0),
    failures: readers.reduce((sum, reader) => sum + reader.failures, 0),
    load: machineLoad(),
  };
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

export function resultTable(results: readonly RoundResult[]): string {
  const header = [
    'readers',
    'connected (in)',
    'posts',
    'delay p50',
    'p99',
    'max',
    'readers that missed an update',
    'D1 statements/s',
    'D1 statements/post',
    'reconnects',
    'errors',
    'uptime load',
  ];
  const rows = results.map((r) => [
    r.readers.toLocaleString('en'),
    `${r.connected.toLocaleString('en')} (${fmt(r.joinMs)})`,
    String(r.posts),
    fmt(r.delay.p50),
    fmt(r.delay.p99),
    fmt(r.delay.max),
    r.missed.toLocaleString('en'),
    r.d1PerSecond.toFixed(2),
    r.d1PerPost.toFixed(1),
    r.reconnects.toLocaleString('en'),
    r.failures.toLocaleString('en'),
    r.load,
  ]);
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
