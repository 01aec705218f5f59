import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Agent } from 'undici';
import { projectRoot } from '../../lib/project.ts';
import { BenchPublisher } from './publisher.ts';
import { PublishedStream, ViewerFollower, summarize, type DelaySummary } from './stream-follower.ts';
import { httpViewer, wsViewer, type Viewer, type ViewerMode } from './viewers.ts';
import { loopRecording, type LoopedStream } from './webm-looper.ts';
import { loopMp4Recording } from './mp4-looper.ts';
import { concatBytes, type BytePatchAt } from '../../../src/media/bytes.ts';
import { Mp4Scanner } from '../../../src/media/mp4/mp4-scanner.ts';

/**
 * One round of the live benchmark: a fresh stream on a served site, the reporter publishing the
 * looped camera fixture at the recorder's pace (one chunk a second) and N viewers watching.
 *  - ws: viewers connect to /watch before the first chunk (as issue 11 measured it), all at once;
 *    the stream starts when all are in (or the join timeout passed).
 *  - http: the first chunk is sent, then all viewers start at once (a join, then streamed groups)
 *    while the stream runs on; a viewer that joined late starts at the newest keyframe segment.
 * Chunk delay = when a viewer got a chunk's last byte minus when the publisher sent it, over the
 * chunks sent after the viewer joined (with every viewer joined before the first chunk, as in the
 * ws mode, that is every chunk). A late joiner also gets the chunks from its keyframe to now at
 * once: "p99 with catch-up" counts those too, so a slow join shows there.
 * Object work per chunk: from GET /api/streams/{id}/stats when the build has it (requests plus
 * WebSocket messages out, over chunks), else counted on the viewers' side (media messages they got
 * while the stream ran, over chunks: today's object sends each chunk to each viewer itself; the
 * viewer-count messages it also sends to everyone on every join are counted apart, "other msgs").
 */

export interface RoundOptions {
  /** Which recording is streamed (a label for the table). */
  container: FixtureContainer;
  baseUrl: string;
  token: string;
  mode: ViewerMode;
  viewers: number;
  chunks: readonly Uint8Array[];
  initLength: number;
  /** What the server corrects in what it serves (MP4). */
  patches: readonly BytePatchAt[];
  chunkIntervalMs: number;
  joinTimeoutMs: number;
  /** How long viewers may take after the last chunk to get it. */
  drainMs: number;
}

export interface RoundResult {
  container: FixtureContainer;
  mode: ViewerMode;
  viewers: number;
  streamId: number;
  joined: number;
  /** From starting the viewers to the last one admitted (ms). */
  joinMs: number;
  complete: number;
  /** Chunk delays over the chunks the publisher sent after the viewer had joined: how far behind live it was served. */
  delay: DelaySummary;
  /** Over every chunk a viewer got, the ones from before it joined included (a late joiner's catch-up from its keyframe). */
  delayWithCatchUp: DelaySummary;
  chunks: number;
  /** What the stream's object did per chunk, and how it was counted. */
  workPerChunk: number;
  workSource: 'object stats' | 'viewer side';
  /** Messages viewers got that carried no media (ws: the viewer count, sent to everyone on every join). */
  otherMessages: number;
  /** Messages (ws) or HTTP answers (http) viewers got per second, from their start to the end of the round: what the server delivered. */
  answersPerSecond: number;
  /** This process's CPU over the round, as a share of one core: near 100% means the client limited the numbers. */
  clientCpu: number;
  /** Requests made again after failing on the network before any answer (as browsers do with GETs). */
  retries: number;
  /** Manifest reads viewers made while following (the player's, every LIVE_MANIFEST_EVERY_MS). */
  manifestReads: number;
}

export interface ObjectWork {
  chunks: number;
  requests: number;
  messagesIn: number;
  messagesOut: number;
}

async function api<T>(
  baseUrl: string,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

export async function login(baseUrl: string, account: { username: string; password: string }): Promise<string> {
  const answer = await api<{ token: string }>(baseUrl, 'POST', '/api/auth/login', null, {
    emailOrUsername: account.username,
    password: account.password,
  });
  if (answer.status !== 200) throw new Error(`logging in as ${account.username}: HTTP ${answer.status}`);
  return answer.json.token;
}

async function startStream(baseUrl: string, token: string, title: string): Promise<number> {
  const answer = await api<{ id: number }>(baseUrl, 'POST', '/api/streams/start', token, { title });
  if (answer.status !== 201) throw new Error(`starting a stream: HTTP ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json.id;
}

/** The object's own counters, or null when this build has none. */
async function objectWork(baseUrl: string, token: string, streamId: number): Promise<ObjectWork | null> {
  const answer = await fetch(`${baseUrl}/api/streams/${streamId}/stats`, { headers: { Authorization: `Bearer ${token}` } });
  if (answer.status !== 200 || !/json/.test(answer.headers.get('Content-Type') ?? '')) return null;
  return (await answer.json()) as ObjectWork;
}

/** Which viewer modes this build serves, asked of a live stream: /watch (ws) and /live (http). */
export async function availableModes(baseUrl: string, token: string): Promise<ViewerMode[]> {
  const id = await startStream(baseUrl, token, 'Live bench: which viewer paths exist');
  const modes: ViewerMode[] = [];
  if ((await fetch(`${baseUrl}/api/streams/${id}/watch`)).status === 426) modes.push('ws');
  if ((await fetch(`${baseUrl}/api/streams/${id}/live`)).status === 200) modes.push('http');
  await api(baseUrl, 'POST', `/api/streams/${id}/end`, token);
  return modes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export async function runRound(options: RoundOptions): Promise<RoundResult> {
  const { baseUrl, token, mode, chunks } = options;
  const stream = new PublishedStream(chunks, options.initLength, options.patches);
  const streamId = await startStream(baseUrl, token, `Live bench: ${mode}, ${options.viewers} viewers`);
  const publisher = await BenchPublisher.connect(baseUrl, streamId, token, stream);
  const delays: number[] = [];
  const allDelays: number[] = [];
  let viewers: Viewer[] = [];
  const followers = Array.from(
    { length: options.viewers },
    (_, i) =>
      new ViewerFollower(stream, (chunk, ms) => {
        allDelays.push(ms);
        const joinedAt = viewers[i]?.joinedAt;
        if (joinedAt !== null && joinedAt !== undefined && stream.sentAt[chunk]! >= joinedAt) delays.push(ms);
      }),
  );
  // One connection per waiting request: a blocked segment request holds its connection.
  const agent = new Agent({
    connections: null,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
    connect: { timeout: 60_000 },
  });
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();

  let next = 0;
  if (mode === 'http') await publisher.send(next++);
  const workBefore = await objectWork(baseUrl, token, streamId);
  const launchedAt = performance.now();
  viewers = followers.map((follower) =>
    mode === 'ws' ? wsViewer(baseUrl, streamId, follower) : httpViewer(baseUrl, streamId, follower, agent, stream.length),
  );
  const allJoined = async () => {
    while (viewers.some((v) => v.joinedAt === null) && performance.now() - launchedAt < options.joinTimeoutMs) await sleep(50);
  };
  /** Media messages (ws) or answers carrying bytes (http) viewers got so far. */
  const mediaAt = () => followers.reduce((sum, f) => sum + f.messages, 0);
  if (mode === 'ws') await allJoined();

  const streamStart = performance.now();
  const mediaBefore = mediaAt();
  const publishing = (async () => {
    let lastAck = Promise.resolve();
    for (const first = next; next < chunks.length; next++) {
      const due = streamStart + (next - first) * options.chunkIntervalMs;
      if (due > performance.now()) await sleep(due - performance.now());
      lastAck = publisher.send(next);
    }
    await lastAck;
  })();
  if (mode === 'http') await allJoined();
  await publishing;
  const sentChunks = chunks.length - (mode === 'http' ? 1 : 0);
  const streamMessages = mediaAt() - mediaBefore;
  const workAfter = await objectWork(baseUrl, token, streamId);
  // The last chunk is acknowledged; give viewers time to get it, then end the stream.
  const drainEnd = performance.now() + options.drainMs;
  await until(() => performance.now() > drainEnd || followers.every((f) => f.offset === stream.length || !f.inOrder));
  publisher.close();
  for (const viewer of viewers) viewer.stop();
  await within(Promise.all(viewers.map((v) => v.done)), 10_000);
  await agent.destroy().catch(() => undefined);

  const cpu = process.cpuUsage(cpuStart);
  const received = viewers.reduce((sum, v) => sum + v.received, 0);
  const joinTimes = viewers.flatMap((v) => (v.joinedAt === null ? [] : [v.joinedAt - launchedAt]));
  const measured =
    workBefore && workAfter ? workAfter.requests + workAfter.messagesOut - (workBefore.requests + workBefore.messagesOut) : null;
  return {
    container: options.container,
    mode,
    viewers: options.viewers,
    streamId,
    joined: joinTimes.length,
    joinMs: joinTimes.length ? Math.max(...joinTimes) : Number.NaN,
    complete: followers.filter((f) => f.complete).length,
    delay: summarize(delays),
    delayWithCatchUp: summarize(allDelays),
    chunks: sentChunks,
    workPerChunk: measured === null ? streamMessages / sentChunks : measured / Math.max(1, workAfter!.chunks - workBefore!.chunks),
    workSource: measured === null ? 'viewer side' : 'object stats',
    // Over HTTP a streamed answer carries many media pieces: there are no other messages to count.
    otherMessages: mode === 'ws' ? received - mediaAt() : Number.NaN,
    answersPerSecond: received / ((performance.now() - launchedAt) / 1000),
    clientCpu: (cpu.user + cpu.system) / 1000 / (performance.now() - wallStart),
    retries: viewers.reduce((sum, v) => sum + v.retries, 0),
    manifestReads: viewers.reduce((sum, v) => sum + v.manifestReads, 0),
  };
}

/** Polls until `done` holds; give it a condition that turns true by a deadline, or it never ends. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await sleep(50);
}

export type FixtureContainer = 'webm' | 'mp4';

const FIXTURES: Record<FixtureContainer, string> = { webm: 'camera-vp9-opus', mp4: 'camera-h264-opus' };

/**
 * A committed camera recording (WebM, or the MP4 this Chromium records), looped `loops` times
 * (8 s each), with the patches the server applies to what it serves (MP4's short Opus samples).
 */
export async function loopedFixture(
  loops: number,
  container: FixtureContainer = 'webm',
): Promise<LoopedStream & { patches: BytePatchAt[] }> {
  const fixtures = path.join(projectRoot, 'tests', 'fixtures');
  const recording = new Uint8Array(await readFile(path.join(fixtures, `${FIXTURES[container]}.${container}`)));
  const sizes = JSON.parse(await readFile(path.join(fixtures, `${FIXTURES[container]}.chunks.json`), 'utf8')) as number[];
  if (container === 'webm') return { ...loopRecording(recording, sizes, loops), patches: [] };
  const looped = loopMp4Recording(recording, sizes, loops);
  const patches = new Mp4Scanner().push(concatBytes(looped.chunks)).flatMap((event) => (event.kind === 'patch' ? [event] : []));
  return { ...looped, patches };
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

export function resultTable(results: readonly RoundResult[]): string {
  const header = [
    'container',
    'mode',
    'viewers',
    'joined',
    'all joined in',
    'got every byte',
    'delay p50',
    'p99',
    'max',
    'p99 with catch-up',
    'object work/chunk',
    'other msgs',
    'answers/s',
    'client CPU',
    'requests retried',
    'manifest reads',
  ];
  const rows = results.map((r) => [
    r.container,
    r.mode,
    r.viewers.toLocaleString('en'),
    r.joined.toLocaleString('en'),
    fmt(r.joinMs),
    r.complete.toLocaleString('en'),
    fmt(r.delay.p50),
    fmt(r.delay.p99),
    fmt(r.delay.max),
    fmt(r.delayWithCatchUp.p99),
    `${r.workPerChunk.toFixed(1)} (${r.workSource})`,
    Number.isNaN(r.otherMessages) ? '-' : r.otherMessages.toLocaleString('en'),
    Math.round(r.answersPerSecond).toLocaleString('en'),
    `${Math.round(r.clientCpu * 100)}%`,
    r.retries.toLocaleString('en'),
    r.manifestReads.toLocaleString('en'),
  ]);
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
