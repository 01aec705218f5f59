import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import worker from '../../../src/worker.ts';
import camera from '../../fixtures/camera-vp9-opus.webm?inline';
import chunkSizes from '../../fixtures/camera-vp9-opus.chunks.json';
import mp4Camera from '../../fixtures/camera-h264-opus.mp4?inline';
import mp4ChunkSizes from '../../fixtures/camera-h264-opus.chunks.json';
import { api, type ApiResponse } from './api.ts';
import { cutInto } from './synthetic-webm.ts';
import {
  BEARER_PROTOCOL_PREFIX,
  LIVE_PROTOCOL,
  type LiveManifest,
  type LiveServerMessage,
  type LiveWork,
} from '../../../src/media/live-protocol.ts';

export type Received = { kind: 'json'; message: LiveServerMessage } | { kind: 'bytes'; bytes: Uint8Array };

/** A WebSocket client for tests: every message kept in order, with waits that time out. */
export class LiveSocket {
  readonly received: Received[] = [];
  closed: { code: number; reason: string } | null = null;
  private wake: (() => void) | null = null;

  constructor(
    readonly ws: WebSocket,
    readonly protocol: string | null,
  ) {
    // As the viewer module does in the browser; the default would hand over Blobs.
    ws.binaryType = 'arraybuffer';
    ws.accept();
    ws.addEventListener('message', (event) => {
      const data = event.data;
      this.received.push(
        typeof data === 'string'
          ? { kind: 'json', message: JSON.parse(data) }
          : { kind: 'bytes', bytes: new Uint8Array(data as ArrayBuffer) },
      );
      this.wake?.();
    });
    ws.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.wake?.();
    });
  }

  /** Waits until `check` holds, or fails after `ms`. */
  async until<T>(check: () => T | undefined | null | false, what: string, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.summary())}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }

  messages(): LiveServerMessage[] {
    return this.received.flatMap((r) => (r.kind === 'json' ? [r.message] : []));
  }

  last<T extends LiveServerMessage['type']>(type: T): Extract<LiveServerMessage, { type: T }> | undefined {
    return this.messages()
      .filter((m): m is Extract<LiveServerMessage, { type: T }> => m.type === type)
      .at(-1);
  }

  waitFor<T extends LiveServerMessage['type']>(type: T, test: (m: Extract<LiveServerMessage, { type: T }>) => boolean = () => true) {
    return this.until(
      () =>
        this.messages().find(
          (m): m is Extract<LiveServerMessage, { type: T }> => m.type === type && test(m as Extract<LiveServerMessage, { type: T }>),
        ),
      `a ${type} message`,
    );
  }

  /** All binary messages, in order, as one byte array. */
  bytes(): Uint8Array {
    const pieces = this.received.flatMap((r) => (r.kind === 'bytes' ? [r.bytes] : []));
    const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    pieces.reduce((offset, p) => (out.set(p, offset), offset + p.length), 0);
    return out;
  }

  waitForBytes(length: number) {
    return this.until(() => this.bytes().length >= length, `${length} bytes`);
  }

  waitForClose() {
    return this.until(() => this.closed, 'the socket to close');
  }

  summary() {
    return this.received
      .map((r) => (r.kind === 'json' ? r.message : `${r.bytes.length} bytes`))
      .concat(this.closed ? [`closed ${this.closed.code}`] : []);
  }
}

/** Opens a WebSocket through the whole worker; answers the HTTP status instead when it is not 101. */
export async function openSocket(path: string, protocols: string[] = []): Promise<LiveSocket | { status: number; body: string }> {
  const headers: Record<string, string> = { Upgrade: 'websocket' };
  if (protocols.length > 0) headers['Sec-WebSocket-Protocol'] = protocols.join(', ');
  const res = await exports.default.fetch(new Request(`http://newsroom.test${path}`, { headers }));
  if (res.status !== 101 || !res.webSocket) return { status: res.status, body: await res.text() };
  return new LiveSocket(res.webSocket, res.headers.get('Sec-WebSocket-Protocol'));
}

export async function publish(streamId: number, token: string): Promise<LiveSocket> {
  const socket = await openSocket(`/api/streams/${streamId}/publish`, [LIVE_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${token}`]);
  if (!(socket instanceof LiveSocket)) throw new Error(`publish refused: ${socket.status} ${socket.body}`);
  return socket;
}

/** Sends bytes and waits until the room acknowledges having stored them. */
export async function sendAndWait(publisher: LiveSocket, bytes: Uint8Array, receivedAfter: number): Promise<void> {
  publisher.ws.send(bytes);
  await publisher.until(() => (publisher.last('ack')?.received ?? -1) >= receivedAfter, `ack of ${receivedAfter} bytes`);
}

export function roomOf(streamId: number) {
  return env.LIVE_STREAMS.get(env.LIVE_STREAMS.idFromName(`stream-${streamId}`));
}

/**
 * The grace period runs out: the room is made to have last seen its reporter longer ago than
 * LIVE_GRACE_SECONDS (time moved on, as far as the room can tell), then its alarm runs. Answers
 * whether an alarm was due. The room keeps an alarm set while live (src/adapters/live/room-alarm.ts).
 */
export async function graceRunsOut(streamId: number): Promise<boolean> {
  await runInDurableObject(roomOf(streamId), async (room) => {
    const progress = (room as unknown as { progress: { seenAt?: number } | null }).progress;
    if (progress) progress.seenAt = 0;
  });
  return runDurableObjectAlarm(roomOf(streamId));
}

/** A viewer's request for live media (the manifest, the init segment or a segment), with its viewer id. */
/** `path` is '' (the manifest), a segment number, a name under live/ ('init', '4.m4s'), or a suffix of live ('.m3u8?...'). */
export async function liveGet(streamId: number, path: string | number, viewer?: string): Promise<ApiResponse<any> & { bytes: Uint8Array }> {
  const suffix = path === '' ? '' : typeof path === 'string' && path.startsWith('.') ? path : `/${path}`;
  const url = `/api/streams/${streamId}/live${suffix}${viewer ? `${suffix.includes('?') ? '&' : '?'}v=${viewer}` : ''}`;
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://newsroom.test${url}`), env, ctx);
  await waitOnExecutionContext(ctx);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const body = res.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : null;
  return { status: res.status, headers: res.headers, body, text, bytes };
}

/**
 * A viewer's request for a streamed answer (`g/{g}` or `from/{n}`, a span, or `start`, a join): the
 * response as soon as its head is there (the body keeps coming), and `done` to call once the body
 * is read (waits on the request's context).
 */
export async function liveStreamed(streamId: number, path: string, viewer?: string): Promise<{ res: Response; done: () => Promise<void> }> {
  const ctx = createExecutionContext();
  const query = viewer ? `${path.includes('?') ? '&' : '?'}v=${viewer}` : '';
  const res = await worker.fetch(new Request(`http://newsroom.test/api/streams/${streamId}/live/${path}${query}`), env, ctx);
  return { res, done: () => waitOnExecutionContext(ctx) };
}

export function liveGroup(streamId: number, g: number, viewer?: string): Promise<{ res: Response; done: () => Promise<void> }> {
  return liveStreamed(streamId, `g/${g}`, viewer);
}

/** The manifest, once `check` holds for it (the manifest is cached for a second, so it may take that long). */
export async function manifestWhen(
  streamId: number,
  check: (manifest: LiveManifest) => boolean,
  what: string,
  viewer?: string,
): Promise<LiveManifest> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await liveGet(streamId, '', viewer);
    if (res.status === 200 && check(res.body as LiveManifest)) return res.body as LiveManifest;
    if (Date.now() > deadline) throw new Error(`the manifest never showed ${what}: ${res.status} ${res.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const fromDataUrl = (url: string) => Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
export const cameraBytes = fromDataUrl(camera);
/** The recorder's own chunks, exactly as MediaRecorder emitted them. */
export const cameraChunks = cutInto(cameraBytes, chunkSizes);
/** The same camera recorded as fragmented MP4 (H.264 + Opus) by this machine's Chromium, and its chunks. */
export const mp4CameraBytes = fromDataUrl(mp4Camera);
export const mp4CameraChunks = cutInto(mp4CameraBytes, mp4ChunkSizes);

export async function startStream(token: string, title = 'Flood watch on the river') {
  const res = await api('/api/streams/start', { method: 'POST', token, json: { title, description: 'Live stream' } });
  if (res.status !== 201) throw new Error(`start failed: ${res.status} ${res.text}`);
  return res.body as { id: number; storyId: number; streamKey: string; isActive: boolean; startedAt: string };
}

/** Sends chunks in order, each acknowledged before the next (as the publisher module does). */
export async function sendAll(publisher: LiveSocket, chunks: Uint8Array[], alreadySent = 0) {
  let sent = alreadySent;
  for (const chunk of chunks) {
    sent += chunk.length;
    await sendAndWait(publisher, chunk, sent);
  }
  return sent;
}

/**
 * The object's work while `read()` runs: chunks received and requests answered, leaving out the
 * requests that only carried an isolate's viewer count (they come on a timer, so a slower run has
 * one more; the claim the callers test is that nothing grows with the number of viewers).
 */
export async function objectWorkDuring<T>(
  streamId: number,
  token: string,
  read: () => Promise<T>,
): Promise<{ result: T; chunks: number; requests: number }> {
  const stats = async (): Promise<LiveWork> => {
    const res = await api(`/api/streams/${streamId}/stats`, { token });
    if (res.status !== 200) throw new Error(`stats: ${res.status}`);
    return res.body as LiveWork;
  };
  const before = await stats();
  const result = await read();
  const after = await stats();
  const media = (work: LiveWork) => work.requests - work.reports;
  return { result, chunks: after.chunks - before.chunks, requests: media(after) - media(before) };
}
