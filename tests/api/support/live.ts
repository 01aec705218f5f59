import { env, exports } from 'cloudflare:workers';
import { BEARER_PROTOCOL_PREFIX, LIVE_PROTOCOL, type LiveServerMessage } from '../../../src/media/live-protocol.ts';

export type Received = { kind: 'json'; message: LiveServerMessage } | { kind: 'bytes'; bytes: Uint8Array };

/** A WebSocket client for tests: every message kept in order, with waits that time out. */
export class LiveSocket {
  readonly received: Received[] = [];
  closed: { code: number; reason: string } | null = null;
  private wake: (() => void) | null = null;

  constructor(readonly ws: WebSocket, readonly protocol: string | null) {
    // As the viewer module does in the browser; the default would hand over Blobs.
    ws.binaryType = 'arraybuffer';
    ws.accept();
    ws.addEventListener('message', (event) => {
      const data = event.data;
      this.received.push(typeof data === 'string' ? { kind: 'json', message: JSON.parse(data) } : { kind: 'bytes', bytes: new Uint8Array(data as ArrayBuffer) });
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
    return this.messages().filter((m): m is Extract<LiveServerMessage, { type: T }> => m.type === type).at(-1);
  }

  waitFor<T extends LiveServerMessage['type']>(type: T, test: (m: Extract<LiveServerMessage, { type: T }>) => boolean = () => true) {
    return this.until(() => this.messages().find((m): m is Extract<LiveServerMessage, { type: T }> => m.type === type && test(m as Extract<LiveServerMessage, { type: T }>)), `a ${type} message`);
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
    return this.received.map((r) => (r.kind === 'json' ? r.message : `${r.bytes.length} bytes`)).concat(this.closed ? [`closed ${this.closed.code}`] : []);
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

export async function watch(streamId: number): Promise<LiveSocket> {
  const socket = await openSocket(`/api/streams/${streamId}/watch`, [LIVE_PROTOCOL]);
  if (!(socket instanceof LiveSocket)) throw new Error(`watch refused: ${socket.status} ${socket.body}`);
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
