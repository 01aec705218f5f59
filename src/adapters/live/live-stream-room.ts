import { DurableObject } from 'cloudflare:workers';
import { EbmlError, concatBytes } from '../../media/ebml.ts';
import { LIVE_PROTOCOL, LiveCloseCode, MAX_LIVE_MESSAGE_BYTES, type LiveServerMessage } from '../../media/live-protocol.ts';
import { mediaUrl } from '../../media/media-keys.ts';
import { recordingPartOf, recordingPartRange, splitByPart, type RecordingLayout } from '../../media/recording-parts.ts';
import { buildCues, buildRecordingHeader, headerGrowth, newRecordingFacts, recordScanEvent, recordingDuration, type RecordingFacts } from '../../media/webm-recording.ts';
import { WebmScanner, mimeTypeOf, type ScannerSnapshot, type WebmInit } from '../../media/webm-scanner.ts';
import type { UploadedPart } from '../../domain/ports.ts';
import type { AppDeps, Bindings } from '../app-deps.ts';
import { fromBase64, toBase64 } from '../crypto/bytes.ts';
import { JoinBuffer } from './join-buffer.ts';
import { RoomStorage } from './room-storage.ts';
import { ROLE_HEADER, type LiveRole } from './live-role.ts';

/**
 * One Durable Object per live stream (docs/decisions/010-live-stream-protocol.md). The reporter's
 * browser (the publisher) sends MediaRecorder WebM bytes over a WebSocket; the room
 *  - relays them to every viewer at once: the initialisation segment first, then media from a
 *    keyframe Cluster (late viewers start at the newest one), with the viewer count as it changes;
 *  - records them: bytes are stored in the object's SQLite as they arrive and go to an R2
 *    multipart upload in equal parts as each part fills; on end the header is rewritten with the
 *    Duration and a SeekHead, Cues are appended, and the upload completes. The stream ends when
 *    asked, when the publisher closes its socket normally, or when an alarm finds the publisher
 *    gone for the grace period, and in every case keeps everything received until then.
 * It uses the WebSocket hibernation API: sockets outlive the object's time in memory, so all
 * that must survive (progress, scanner state, bytes, cues) is in storage and read back on wake.
 */


export interface RoomSettings {
  streamId: number;
  recordingKey: string;
}

export interface RoomOutcome {
  videoUrl: string | null;
  size: number;
}

interface RoomConfig extends RoomSettings {
  partSize: number;
  graceSeconds: number;
}

interface StoredInit extends Omit<WebmInit, 'bytes'> {
  bytes: string;
}

interface RoomProgress {
  phase: 'live' | 'ending' | 'ended';
  received: number;
  scanner: ScannerSnapshot;
  init: StoredInit | null;
  growth: number | null;
  /** Cue points live in their own table; `facts.cues` only carries new ones between chunks. */
  facts: RecordingFacts;
  uploadId: string | null;
  /** Parts 2..n already in R2. */
  parts: UploadedPart[];
  outcome: RoomOutcome | null;
}

interface ViewerSeat {
  initSent: boolean;
  synced: boolean;
}

/** Past this much media without a keyframe, late viewers wait for the next one rather than get it all. */
const MAX_JOIN_BYTES = 16 * 1024 * 1024;
/** When storing the recording fails, the alarm tries again after this long. */
const RETRY_SECONDS = 30;

/** What a room needs from outside; the worker (the composition root) builds it from the bindings. */
export type RoomDeps = Pick<AppDeps, 'liveStreams' | 'media' | 'mediaLimits' | 'clock'>;

export class LiveStreamRoom extends DurableObject<Bindings> {
  private readonly store: RoomStorage;
  private readonly deps: RoomDeps;
  private config: RoomConfig | null;
  private progress: RoomProgress | null;
  private scanner: WebmScanner;
  private init: WebmInit | null = null;
  private readonly joinBuffer = new JoinBuffer();
  /** Start of the newest Cluster known to begin with a keyframe, while the join buffer still holds it. */
  private syncOffset: number | null = null;
  private uploads: Promise<void> = Promise.resolve();
  private ending: Promise<RoomOutcome> | null = null;
  private viewerWrites: Promise<void> = Promise.resolve();
  private pendingViewerCount: number | null = null;

  constructor(ctx: DurableObjectState, env: Bindings, deps: RoomDeps) {
    super(ctx, env);
    this.deps = deps;
    this.store = new RoomStorage(ctx.storage.sql);
    this.config = this.store.read<RoomConfig>('config');
    this.progress = null;
    this.scanner = new WebmScanner();
    this.reload();
  }

  /** Reads progress back from storage: on wake, and after a failed chunk. */
  private reload(): void {
    this.progress = this.store.read<RoomProgress>('progress');
    this.scanner = this.progress ? WebmScanner.restore(this.progress.scanner) : new WebmScanner();
    this.init = this.progress?.init ? { ...this.progress.init, bytes: fromBase64(this.progress.init.bytes) } : null;
    this.joinBuffer.clear();
    this.syncOffset = null;
  }

  /** Called once when the stream is created; the publisher then has the grace period to connect. */
  async open(settings: RoomSettings): Promise<void> {
    if (this.config) return;
    const limits = this.deps.mediaLimits;
    this.config = { ...settings, partSize: limits.livePartBytes, graceSeconds: limits.liveGraceSeconds };
    this.progress = {
      phase: 'live',
      received: 0,
      scanner: this.scanner.snapshot(),
      init: null,
      growth: null,
      facts: newRecordingFacts(null),
      uploadId: null,
      parts: [],
      outcome: null,
    };
    this.store.write('config', this.config);
    this.store.write('progress', this.progress);
    await this.ctx.storage.setAlarm(Date.now() + this.config.graceSeconds * 1000);
  }

  /** Ends the stream and stores its recording; safe to call again (it answers the same outcome). */
  end(): Promise<RoomOutcome> {
    this.ending ??= this.finish().finally(() => {
      this.ending = null;
    });
    return this.ending;
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    if (!this.config || !this.progress) return new Response('No such stream', { status: 404 });
    const role: LiveRole = request.headers.get(ROLE_HEADER) === 'publisher' ? 'publisher' : 'viewer';
    const { 0: client, 1: server } = new WebSocketPair();
    const offered = (request.headers.get('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
    const headers = offered.includes(LIVE_PROTOCOL) ? { 'Sec-WebSocket-Protocol': LIVE_PROTOCOL } : undefined;

    if (this.progress.phase !== 'live') {
      this.ctx.acceptWebSocket(server, ['gone']);
      sendJson(server, { type: 'end', videoUrl: this.progress.outcome?.videoUrl ?? null });
      server.close(LiveCloseCode.ended, 'stream ended');
    } else if (role === 'publisher') {
      for (const old of this.ctx.getWebSockets('publisher')) closeQuietly(old, LiveCloseCode.replaced, 'another publisher connection took over');
      this.ctx.acceptWebSocket(server, ['publisher']);
      sendJson(server, { type: 'ready', received: this.progress.received });
      sendJson(server, { type: 'viewers', count: this.viewerCount() });
      await this.ctx.storage.deleteAlarm();
      this.broadcast({ type: 'publisher', connected: true }, 'viewer');
    } else {
      this.ctx.acceptWebSocket(server, ['viewer']);
      this.welcome(server);
      this.viewersChanged();
    }
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    // Viewers only listen; the publisher speaks in bytes.
    if (typeof message === 'string' || !this.ctx.getTags(ws).includes('publisher')) return;
    try {
      this.receive(ws, new Uint8Array(message));
    } catch (error) {
      // Start again from what storage says; the publisher reconnects and resends from `ready`.
      console.error('storing a live chunk failed', error);
      this.reload();
      closeQuietly(ws, LiveCloseCode.serverError, 'server error; reconnect to resume');
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code, 'closed');
    await this.left(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.left(ws, 1006);
  }

  override async alarm(): Promise<void> {
    const phase = this.progress?.phase;
    if (!phase || phase === 'ended') return;
    if (phase === 'live' && this.openSockets('publisher').length > 0) return;
    await this.end();
  }

  private async left(ws: WebSocket, code: number): Promise<void> {
    const tags = this.ctx.getTags(ws);
    if (tags.includes('viewer')) this.viewersChanged(ws);
    if (!tags.includes('publisher') || this.progress?.phase !== 'live') return;
    if (this.openSockets('publisher', ws).length > 0) return;
    if (code === 1000) {
      // The publisher said it is done: end now, keeping everything it sent.
      await this.end().catch((error) => console.error('ending the stream after the publisher closed failed', error));
      return;
    }
    this.broadcast({ type: 'publisher', connected: false }, 'viewer');
    await this.ctx.storage.setAlarm(Date.now() + this.config!.graceSeconds * 1000);
  }

  /** One message of the publisher's byte stream: parse, store, relay, acknowledge. Synchronous on purpose. */
  private receive(publisher: WebSocket, bytes: Uint8Array): void {
    const progress = this.progress!;
    if (progress.phase !== 'live') {
      closeQuietly(publisher, LiveCloseCode.ended, 'stream ended');
      return;
    }
    const start = progress.received;
    let events;
    try {
      events = this.scanner.push(bytes);
    } catch (error) {
      if (!(error instanceof EbmlError)) throw error;
      this.scanner = WebmScanner.restore(progress.scanner);
      sendJson(publisher, { type: 'error', message: `Not a WebM recording: ${error.message}` });
      closeQuietly(publisher, LiveCloseCode.badMedia, 'not a WebM recording');
      return;
    }

    this.joinBuffer.append(start, bytes);
    for (const event of events) {
      if (event.kind === 'init') {
        this.init = event.init;
        progress.init = { ...event.init, bytes: toBase64(event.init.bytes) };
        progress.growth = headerGrowth(event.init);
      }
      const sync = recordScanEvent(progress.facts, event);
      if (sync !== null) this.syncOffset = sync;
    }
    this.trimJoinBuffer(start + bytes.length);

    // Before the header is complete every byte is in part 1: the scanner refuses a header longer
    // than MAX_INIT_BYTES (1 MiB), far below a part.
    const layout = this.layout();
    if (layout) for (const run of splitByPart(layout, start, bytes)) this.store.appendBytes(run.part, run.bytes);
    else this.store.appendBytes(1, bytes);
    progress.received = start + bytes.length;
    progress.scanner = this.scanner.snapshot();
    this.store.addCues(progress.facts.cues);
    progress.facts.cues = [];
    this.store.write('progress', progress);

    this.relay(bytes);
    sendJson(publisher, { type: 'ack', received: progress.received });

    if (layout) {
      const last = recordingPartOf(layout, progress.received);
      for (let part = Math.max(2, recordingPartOf(layout, start)); part < last; part++) this.queuePartUpload(part);
    }
  }

  private layout(): RecordingLayout | null {
    return this.progress?.growth == null ? null : { partSize: this.config!.partSize, growth: this.progress.growth };
  }

  private trimJoinBuffer(received: number): void {
    const open = this.progress!.facts.openCluster;
    if (this.joinBuffer.size > MAX_JOIN_BYTES) this.syncOffset = null;
    const keepFrom = Math.min(this.syncOffset ?? received, open ?? received);
    this.joinBuffer.trimTo(keepFrom);
  }

  private welcome(viewer: WebSocket): void {
    const seat: ViewerSeat = { initSent: false, synced: false };
    if (this.init) {
      this.sendInit(viewer);
      seat.initSent = true;
      const media = this.syncOffset === null ? null : this.joinBuffer.from(this.syncOffset);
      if (media) {
        sendBytes(viewer, media);
        seat.synced = true;
      }
    }
    viewer.serializeAttachment(seat);
    sendJson(viewer, { type: 'publisher', connected: this.openSockets('publisher').length > 0 });
  }

  private relay(bytes: Uint8Array): void {
    for (const viewer of this.openSockets('viewer')) {
      const seat = (viewer.deserializeAttachment() as ViewerSeat | null) ?? { initSent: false, synced: false };
      const before = `${seat.initSent}${seat.synced}`;
      if (!seat.initSent && this.init) {
        this.sendInit(viewer);
        seat.initSent = true;
      }
      if (seat.synced) {
        sendBytes(viewer, [bytes]);
      } else if (seat.initSent && this.syncOffset !== null) {
        const media = this.joinBuffer.from(this.syncOffset);
        if (media) {
          sendBytes(viewer, media);
          seat.synced = true;
        }
      }
      if (`${seat.initSent}${seat.synced}` !== before) viewer.serializeAttachment(seat);
    }
  }

  private sendInit(viewer: WebSocket): void {
    sendJson(viewer, { type: 'init', mimeType: mimeTypeOf(this.init!) });
    sendBytes(viewer, [this.init!.bytes]);
  }

  private viewerCount(except?: WebSocket): number {
    return this.openSockets('viewer', except).length;
  }

  private openSockets(tag: string, except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  private broadcast(message: LiveServerMessage, tag?: string): void {
    for (const ws of tag ? this.openSockets(tag) : [...this.openSockets('viewer'), ...this.openSockets('publisher')]) sendJson(ws, message);
  }

  /** Tells everyone the new count and writes it to D1 (for GET /api/streams/active), one write at a time, latest wins. */
  private viewersChanged(leaving?: WebSocket): void {
    if (!this.config || this.progress?.phase !== 'live') return;
    const count = this.viewerCount(leaving);
    for (const ws of [...this.openSockets('viewer', leaving), ...this.openSockets('publisher')]) sendJson(ws, { type: 'viewers', count });
    this.pendingViewerCount = count;
    const streamId = this.config.streamId;
    this.viewerWrites = this.viewerWrites
      .then(async () => {
        const latest = this.pendingViewerCount;
        if (latest === null) return;
        this.pendingViewerCount = null;
        await this.deps.liveStreams.setViewers(streamId, latest);
      })
      .catch((error) => console.error('writing the viewer count failed', error));
  }

  private queuePartUpload(part: number): void {
    this.uploads = this.uploads
      .then(() => this.uploadStoredPart(part))
      // The bytes stay stored; ending the stream uploads whatever is left.
      .catch((error) => console.error(`uploading recording part ${part} failed`, error));
  }

  private async ensureUpload(): Promise<string> {
    const progress = this.progress!;
    progress.uploadId ??= await this.deps.media.createMultipartUpload(this.config!.recordingKey, 'video/webm');
    this.store.write('progress', progress);
    return progress.uploadId;
  }

  /** A full part (2 or later), exactly as recorded, into R2; its stored bytes are dropped once R2 has it. */
  private async uploadStoredPart(part: number): Promise<void> {
    const bytes = this.store.partBytes(part);
    if (bytes.length === 0) return;
    if (bytes.length !== this.config!.partSize) throw new Error(`recording part ${part} has ${bytes.length} bytes, not ${this.config!.partSize}`);
    const uploadId = await this.ensureUpload();
    const uploaded = await this.deps.media.uploadPart(this.config!.recordingKey, uploadId, part, bytes);
    const progress = this.progress!;
    progress.parts = [...progress.parts.filter((p) => p.partNumber !== part), uploaded];
    this.store.write('progress', progress);
    this.store.deletePart(part);
  }

  private async finish(): Promise<RoomOutcome> {
    const config = this.config;
    const progress = this.progress;
    if (!config || !progress) throw new Error('no such stream');
    if (progress.phase === 'live') {
      progress.phase = 'ending';
      this.store.write('progress', progress);
      for (const publisher of this.ctx.getWebSockets('publisher')) closeQuietly(publisher, LiveCloseCode.ended, 'stream ended');
    }
    if (progress.phase === 'ending') {
      await this.uploads;
      try {
        progress.outcome = await this.storeRecording();
      } catch (error) {
        await this.ctx.storage.setAlarm(Date.now() + RETRY_SECONDS * 1000);
        throw error;
      }
      progress.phase = 'ended';
      this.store.write('progress', progress);
      this.store.dropRecordingData();
    }
    const outcome = progress.outcome!;
    await this.deps.liveStreams.end(config.streamId, { videoUrl: outcome.videoUrl, endedAt: this.deps.clock.now() });
    await this.ctx.storage.deleteAlarm();
    this.joinBuffer.clear();
    this.syncOffset = null;
    this.broadcast({ type: 'end', videoUrl: outcome.videoUrl });
    for (const ws of this.ctx.getWebSockets()) closeQuietly(ws, LiveCloseCode.ended, 'stream ended');
    return outcome;
  }

  /**
   * Writes the finished file: part 1 is the rewritten header plus the first recorded bytes (exactly
   * one part long), parts 2.. are already in R2 or still stored, and the last part(s) are the rest
   * plus the Cues. A recording that fits in part 1 is a single put.
   */
  private async storeRecording(): Promise<RoomOutcome> {
    const config = this.config!;
    const progress = this.progress!;
    const media = this.deps.media;
    const init = this.init;
    const layout = this.layout();
    if (!init || !layout || progress.facts.clusters === 0) {
      if (progress.uploadId) await media.abortMultipartUpload(config.recordingKey, progress.uploadId);
      return { videoUrl: null, size: 0 };
    }
    const tailPart = recordingPartOf(layout, progress.received);
    for (const part of this.store.storedParts()) if (part >= 2 && part < tailPart) await this.uploadStoredPart(part);
    // A frame cut off by a dropped connection is left out (only from the part still being filled).
    const tailStart = recordingPartRange(layout, tailPart).start;
    const end = Math.max(tailStart, Math.min(progress.received, this.scanner.completeUpTo));

    const facts = { ...progress.facts, cues: this.store.cues() };
    const cues = buildCues(init, facts);
    const header = buildRecordingHeader(init, { duration: recordingDuration(facts), mediaLength: end - init.bytes.length, cuesLength: cues.length });
    const key = config.recordingKey;

    if (tailPart === 1) {
      const first = concatBytes([header, this.store.partBytes(1).subarray(init.bytes.length, end)]);
      const stored = await media.put(key, concatBytes([first, cues]), 'video/webm');
      return { videoUrl: mediaUrl(key), size: stored.size };
    }
    const first = concatBytes([header, this.store.partBytes(1).subarray(init.bytes.length)]);
    const expected = tailPart - 2;
    const middle = progress.parts.filter((p) => p.partNumber >= 2 && p.partNumber < tailPart);
    if (first.length !== config.partSize || middle.length !== expected) {
      throw new Error(`recording parts do not add up: first ${first.length} of ${config.partSize}, ${middle.length} of ${expected} middle parts`);
    }
    const uploadId = await this.ensureUpload();
    const parts = [...middle, await media.uploadPart(key, uploadId, 1, first)];
    const tail = concatBytes([this.store.partBytes(tailPart).subarray(0, end - tailStart), cues]);
    for (let at = 0, part = tailPart; at < tail.length; at += config.partSize, part++) {
      parts.push(await media.uploadPart(key, uploadId, part, tail.subarray(at, at + config.partSize)));
    }
    const stored = await media.completeMultipartUpload(key, uploadId, parts);
    return { videoUrl: mediaUrl(key), size: stored.size };
  }
}

function sendJson(ws: WebSocket, message: LiveServerMessage): void {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // A socket that is closing misses the message; its close handler does the bookkeeping.
  }
}

function sendBytes(ws: WebSocket, pieces: readonly Uint8Array[]): void {
  try {
    for (const piece of pieces) {
      for (let at = 0; at < piece.length; at += MAX_LIVE_MESSAGE_BYTES) ws.send(piece.subarray(at, at + MAX_LIVE_MESSAGE_BYTES));
    }
  } catch {
    // As above.
  }
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}
