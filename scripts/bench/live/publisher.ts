import { WebSocket } from 'undici';
import { BEARER_PROTOCOL_PREFIX, LIVE_PROTOCOL, MAX_LIVE_MESSAGE_BYTES, type LiveServerMessage } from '../../../src/media/live-protocol.ts';
import type { PublishedStream } from './stream-follower.ts';

/**
 * The reporter's side of the live benchmark, from Node: the publisher protocol the browser's
 * LivePublisher speaks (src/web/staff/live-studio/live-publisher.ts, docs/decisions/010-live-stream-protocol.md):
 * connect with the session token as a subprotocol, wait for `ready`, send chunks as binary
 * messages, read `ack`s, and close normally to end the stream.
 */
export class BenchPublisher {
  private acked = 0;
  private ackWaiters: { upTo: number; resolve: () => void }[] = [];

  private constructor(
    private readonly socket: WebSocket,
    private readonly stream: PublishedStream,
  ) {
    socket.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      const message = JSON.parse(event.data) as LiveServerMessage;
      if (message.type !== 'ack') return;
      this.acked = Math.max(this.acked, message.received);
      this.ackWaiters = this.ackWaiters.filter((waiter) => (waiter.upTo <= this.acked ? (waiter.resolve(), false) : true));
    });
  }

  /** Connects and resolves once the room says `ready` from byte 0. */
  static connect(baseUrl: string, streamId: number, token: string, stream: PublishedStream): Promise<BenchPublisher> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/streams/${streamId}/publish`, [
      LIVE_PROTOCOL,
      `${BEARER_PROTOCOL_PREFIX}${token}`,
    ]);
    socket.binaryType = 'arraybuffer';
    return new Promise((resolve, reject) => {
      const failed = () => reject(new Error(`the publisher socket for stream ${streamId} closed before it was ready`));
      socket.addEventListener('close', failed, { once: true });
      socket.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const message = JSON.parse(event.data) as LiveServerMessage;
        if (message.type !== 'ready') return;
        socket.removeEventListener('close', failed);
        if (message.received !== 0) reject(new Error(`a fresh stream already holds ${message.received} bytes`));
        else resolve(new BenchPublisher(socket, stream));
      });
    });
  }

  /** Sends chunk k (cut to the protocol's message size) and notes when; resolves when the room acknowledges it. */
  send(k: number): Promise<void> {
    const end = this.stream.chunkEnds[k]!;
    const start = k === 0 ? 0 : this.stream.chunkEnds[k - 1]!;
    for (let at = start; at < end; at += MAX_LIVE_MESSAGE_BYTES)
      this.socket.send(this.stream.bytes.subarray(at, Math.min(end, at + MAX_LIVE_MESSAGE_BYTES)));
    this.stream.sentAt[k] = performance.now();
    if (this.acked >= end) return Promise.resolve();
    return new Promise((resolve) => this.ackWaiters.push({ upTo: end, resolve }));
  }

  /** Closes normally, which ends the stream (the recording is stored). */
  close(): void {
    this.socket.close(1000, 'bench done');
  }
}
