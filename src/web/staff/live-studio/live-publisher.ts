import {
  BEARER_PROTOCOL_PREFIX,
  LIVE_PROTOCOL,
  LiveCloseCode,
  MAX_LIVE_MESSAGE_BYTES,
  type LiveServerMessage,
} from '../../../media/live-protocol.ts';
import { getToken } from '../../api/client.ts';
import { liveSocketUrl, parseServerMessage } from '../../../reader/live/live-socket-url.ts';
import { recorderOptions, recordingMimeType } from '../camera/recording-format.ts';

/**
 * The reporter's side of a live stream (docs/decisions/010-live-stream-protocol.md, 040): records the
 * camera with MediaRecorder (fragmented MP4 where it can, else WebM) in 1-second chunks, asking for
 * a keyframe every second, and sends the bytes over a WebSocket to the
 * stream's room. Bytes are kept until the room acknowledges them, so a dropped connection
 * reconnects and carries on from what the room already has; `stop()` returns once every byte is
 * stored, and closing normally ends the stream (the recording is saved and the story published).
 */

export type PublisherState = 'connecting' | 'live' | 'reconnecting' | 'stopping' | 'ended' | 'failed';

export interface LivePublisherOptions {
  streamId: number | string;
  /** The camera and microphone, from openCamera(). The caller stops its tracks when done. */
  stream: MediaStream;
  onState?: (state: PublisherState, detail?: string) => void;
  onViewers?: (count: number) => void;
  /** docs/product/rules.md#limits-and-constants: 1-second chunks. */
  timesliceMs?: number;
  videoBitsPerSecond?: number;
}

/** docs/product/rules.md#limits-and-constants: 1280 by 720 with audio. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: true,
};

export function openCamera(constraints: MediaStreamConstraints = CAMERA_CONSTRAINTS): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia(constraints);
}

/** MP4 with H.264 where the browser records it, else WebM (camera/recording-format.ts); the server takes either. */
export const liveRecorderMimeType = recordingMimeType;

export class UnsupportedRecorderError extends Error {
  constructor() {
    super('This browser cannot record MP4 or WebM video, which live streams need');
    this.name = 'UnsupportedRecorderError';
  }
}

/** Unacknowledged bytes kept for a resume; past this the connection is hopeless. */
const MAX_UNACKED_BYTES = 64 * 1024 * 1024;
/** Socket buffer above which sending waits, so a slow uplink does not pile up in memory twice. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const STOP_TIMEOUT_MS = 15_000;

interface Pending {
  offset: number;
  bytes: Uint8Array;
}

export class LivePublisher {
  private readonly recorder: MediaRecorder;
  private socket: WebSocket | null = null;
  private pending: Pending[] = [];
  private produced = 0;
  private acked = 0;
  /** Bytes handed to the current socket; null until the room says where to start. */
  private sentUpTo: number | null = null;
  private state: PublisherState = 'connecting';
  private reconnectDelay = 1000;
  private reading: Promise<void> = Promise.resolve();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly options: LivePublisherOptions,
    mimeType: string,
  ) {
    this.recorder = new MediaRecorder(options.stream, recorderOptions(mimeType, options.videoBitsPerSecond ?? 2_500_000));
    this.recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      // Blob reads finish in any order; chain them so bytes keep the recorder's order.
      this.reading = this.reading.then(async () => {
        const bytes = new Uint8Array(await event.data.arrayBuffer());
        this.pending.push({ offset: this.produced, bytes });
        this.produced += bytes.length;
        if (this.produced - this.acked > MAX_UNACKED_BYTES) this.fail('The connection is too slow to keep up with the camera');
        this.flush();
      });
    };
  }

  /** Starts recording at once (nothing is lost while the socket connects) and connects. */
  static start(options: LivePublisherOptions): LivePublisher {
    const mimeType = liveRecorderMimeType();
    if (!mimeType) throw new UnsupportedRecorderError();
    const publisher = new LivePublisher(options, mimeType);
    publisher.recorder.start(options.timesliceMs ?? 1000);
    publisher.connect();
    return publisher;
  }

  get currentState(): PublisherState {
    return this.state;
  }

  /** Bytes the room has stored. */
  get bytesStored(): number {
    return this.acked;
  }

  /**
   * Stops the camera recording, waits until the room has every byte, then closes normally, which
   * ends the stream. Call POST /api/streams/{id}/end afterwards for the ended stream (it is safe to
   * call twice).
   */
  async stop(): Promise<void> {
    if (this.state === 'ended' || this.state === 'failed') return;
    this.setState('stopping');
    if (this.recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        this.recorder.addEventListener('stop', () => resolve(), { once: true });
        this.recorder.stop();
      });
    }
    await this.reading;
    this.flush();
    const allStored = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.acked < this.produced) await Promise.race([allStored, new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS))]);
    this.socket?.close(1000, 'publisher done');
    this.setState('ended');
  }

  private setState(state: PublisherState, detail?: string): void {
    if (this.state === state && detail === undefined) return;
    this.state = state;
    this.options.onState?.(state, detail);
  }

  private fail(detail: string): void {
    if (this.state === 'ended' || this.state === 'failed') return;
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    this.socket?.close(1000, 'publisher failed');
    this.setState('failed', detail);
    for (const wake of this.waiters.splice(0)) wake();
  }

  private connect(): void {
    const token = getToken();
    const protocols = token ? [LIVE_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${token}`] : [LIVE_PROTOCOL];
    const socket = new WebSocket(liveSocketUrl(this.options.streamId, 'publish'), protocols);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.sentUpTo = null;
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const message = parseServerMessage<LiveServerMessage>(event.data);
      if (message) this.handle(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.state === 'ended' || this.state === 'failed') return;
      if (event.code === LiveCloseCode.ended && this.state !== 'stopping') {
        this.setState('ended', 'The stream was ended');
        if (this.recorder.state !== 'inactive') this.recorder.stop();
        return;
      }
      if (event.code === LiveCloseCode.replaced) return this.fail('The stream was taken over by another window');
      if (event.code === LiveCloseCode.badMedia) return this.fail('The server could not read the camera’s video');
      // The network: try again, waiting a little longer each time.
      this.setState('reconnecting');
      const delay = this.reconnectDelay;
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, 10_000);
      setTimeout(() => {
        if (this.state === 'reconnecting' || this.state === 'stopping') this.connect();
      }, delay);
    };
  }

  private handle(message: LiveServerMessage): void {
    switch (message.type) {
      case 'ready': {
        // The room must hold a prefix of what this recorder made, and we must still have the rest.
        const oldest = this.pending[0]?.offset ?? this.produced;
        if (message.received > this.produced || message.received < oldest) {
          return this.fail('This stream already holds video from another recording; start a new stream');
        }
        this.acked = Math.max(this.acked, message.received);
        this.sentUpTo = message.received;
        this.reconnectDelay = 1000;
        if (this.state !== 'stopping') this.setState('live');
        this.flush();
        return;
      }
      case 'ack':
        this.acked = Math.max(this.acked, message.received);
        this.pending = this.pending.filter((p) => p.offset + p.bytes.length > this.acked);
        if (this.acked >= this.produced) for (const wake of this.waiters.splice(0)) wake();
        return;
      case 'viewers':
        this.options.onViewers?.(message.count);
        return;
      case 'error':
        this.setState(this.state, message.message);
        return;
      default:
        return;
    }
  }

  /** Sends every byte after sentUpTo, in messages the room accepts, unless the socket is backed up. */
  private flush(): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN || this.sentUpTo === null) return;
    for (const { offset, bytes } of this.pending) {
      const end = offset + bytes.length;
      while (this.sentUpTo < end) {
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          this.flushTimer ??= setTimeout(() => {
            this.flushTimer = null;
            this.flush();
          }, 100);
          return;
        }
        const from = this.sentUpTo - offset;
        const piece = bytes.subarray(from, Math.min(bytes.length, from + MAX_LIVE_MESSAGE_BYTES));
        socket.send(piece);
        this.sentUpTo += piece.length;
      }
    }
  }
}
