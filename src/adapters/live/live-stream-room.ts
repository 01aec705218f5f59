import { DurableObject } from 'cloudflare:workers';
import { EbmlError, concatBytes } from '../../media/ebml.ts';
import { LIVE_PROTOCOL, LiveCloseCode, type LiveManifest, type LiveServerMessage, type LiveWork } from '../../media/live-protocol.ts';
import { mediaUrl } from '../../media/media-keys.ts';
import { recordingPartOf, recordingPartRange, splitByPart, type RecordingLayout } from '../../media/recording-parts.ts';
import { buildCues, buildRecordingHeader, headerGrowth, newRecordingFacts, recordScanEvent, recordingDuration, type RecordingFacts } from '../../media/webm-recording.ts';
import { WebmScanner, mimeTypeOf, type ScannerSnapshot, type WebmInit } from '../../media/webm-scanner.ts';
import type { UploadedPart } from '../../domain/ports.ts';
import type { AppDeps, Bindings } from '../app-deps.ts';
import { fromBase64, toBase64 } from '../crypto/bytes.ts';
import type { EdgeCache } from '../http/middleware/edge-cache.ts';
import { LiveSegments, type SegmentIndex } from './live-segments.ts';
import { RoomStorage } from './room-storage.ts';
import { ROLE_HEADER } from './live-role.ts';
import { RoomViewers } from './room-viewers.ts';
import type { ViewerReport } from './viewer-tally.ts';

/**
 * One Durable Object per live stream (docs/decisions/010-live-stream-protocol.md). The reporter's
 * browser (the publisher) sends MediaRecorder WebM bytes over a WebSocket; the room
 *  - cuts them into numbered segments that the worker serves to viewers over HTTP through the
 *    edge cache (decision 025): the object answers one request per segment per worker isolate,
 *    whatever the audience, and holds a request for the next segment until it arrives;
 *  - sums the viewer counts the isolates report, tells the publisher, and writes it to D1 now and then;
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
  /** The site's origin, whose cached public pages the room refreshes when the stream ends. */
  origin?: string;
}

/** One answer to a viewer's request for a segment (the worker turns it into HTTP). */
export type SegmentAnswer = { status: 200; bytes: Uint8Array } | { status: 204 | 404 | 410 };

export interface RoomOutcome {
  videoUrl: string | null;
  size: number;
}

interface RoomConfig extends RoomSettings {
  partSize: number;
  graceSeconds: number;
  /** Every origin the stream was started or published from. */
  origins?: string[];
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
  /** Segment numbering (live-segments.ts); absent in rooms started before segments existed. */
  segments?: SegmentIndex;
}

/** When storing the recording fails, the alarm tries again after this long. */
const RETRY_SECONDS = 30;
/** How long a request for a segment that does not exist yet waits before answering 204. */
export const SEGMENT_WAIT_MS = 10_000;

/**
 * What a room needs from outside; the worker (the composition root) builds it from the bindings.
 * `edgeCache` is the public pages' cache, refreshed when the stream ends however it ends.
 */
export type RoomDeps = Pick<AppDeps, 'liveStreams' | 'media' | 'mediaLimits' | 'clock' | 'readership'> & { edgeCache?: Pick<EdgeCache, 'purge'> };

export class LiveStreamRoom extends DurableObject<Bindings> {
  private readonly store: RoomStorage;
  private readonly deps: RoomDeps;
  private config: RoomConfig | null;
  private progress: RoomProgress | null;
  private scanner: WebmScanner;
  private init: WebmInit | null = null;
  private segments: LiveSegments;
  private readonly viewers: RoomViewers;
  private readonly work: LiveWork;
  private uploads: Promise<void> = Promise.resolve();
  private ending: Promise<RoomOutcome> | null = null;

  constructor(ctx: DurableObjectState, env: Bindings, deps: RoomDeps) {
    super(ctx, env);
    this.deps = deps;
    this.store = new RoomStorage(ctx.storage.sql);
    this.config = this.store.read<RoomConfig>('config');
    this.progress = null;
    this.scanner = new WebmScanner();
    this.segments = new LiveSegments(null);
    this.work = this.store.read<LiveWork>('work') ?? { chunks: 0, requests: 0, messagesIn: 0, messagesOut: 0 };
    this.viewers = new RoomViewers({
      now: () => Date.now(),
      tellPublisher: (count) => this.toPublisher({ type: 'viewers', count }),
      save: async (count) => {
        if (this.config && this.progress?.phase === 'live') await this.deps.liveStreams.setViewers(this.config.streamId, count);
      },
      recordMinute: (minute) => this.deps.readership.recordAudienceMinute(this.config!.streamId, minute),
    });
    this.reload();
  }

  /** Reads progress back from storage: on wake, and after a failed chunk. */
  private reload(): void {
    this.progress = this.store.read<RoomProgress>('progress');
    this.scanner = this.progress ? WebmScanner.restore(this.progress.scanner) : new WebmScanner();
    this.init = this.progress?.init ? { ...this.progress.init, bytes: fromBase64(this.progress.init.bytes) } : null;
    this.segments.close();
    this.segments = new LiveSegments(this.progress?.segments ?? null);
  }

  /** Called once when the stream is created; the publisher then has the grace period to connect. */
  async open(settings: RoomSettings): Promise<void> {
    if (this.config) return;
    const limits = this.deps.mediaLimits;
    this.config = { ...settings, partSize: limits.livePartBytes, graceSeconds: limits.liveGraceSeconds, origins: settings.origin ? [settings.origin] : [] };
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

  /**
   * Ends the stream and stores its recording; safe to call again (it answers the same outcome).
   * `endedBy` is the user who asked (the audit log's actor); none when the stream ends by itself.
   */
  end(endedBy: number | null = null): Promise<RoomOutcome> {
    this.ending ??= this.finish(endedBy).finally(() => {
      this.ending = null;
    });
    return this.ending;
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    if (!this.config || !this.progress) return new Response('No such stream', { status: 404 });
    // Only the worker sets this header, after checking the reporter; viewers use HTTP (decision 025).
    if (request.headers.get(ROLE_HEADER) !== 'publisher') return new Response('Only the publisher connects here', { status: 403 });
    const { 0: client, 1: server } = new WebSocketPair();
    const offered = (request.headers.get('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
    const headers = offered.includes(LIVE_PROTOCOL) ? { 'Sec-WebSocket-Protocol': LIVE_PROTOCOL } : undefined;

    if (this.progress.phase !== 'live') {
      this.ctx.acceptWebSocket(server, ['gone']);
      this.send(server, { type: 'end', videoUrl: this.progress.outcome?.videoUrl ?? null });
      server.close(LiveCloseCode.ended, 'stream ended');
    } else {
      this.rememberOrigin(new URL(request.url).origin);
      for (const old of this.ctx.getWebSockets('publisher')) closeQuietly(old, LiveCloseCode.replaced, 'another publisher connection took over');
      this.ctx.acceptWebSocket(server, ['publisher']);
      this.send(server, { type: 'ready', received: this.progress.received });
      this.send(server, { type: 'viewers', count: this.viewers.total() });
      await this.ctx.storage.deleteAlarm();
    }
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  /** The viewer side, over HTTP through the worker: where the stream stands. Null for no such stream. */
  manifest(report: ViewerReport | null = null): LiveManifest | null {
    this.handled(report);
    const progress = this.progress;
    if (!this.config || !progress) return null;
    const live = progress.phase === 'live';
    return {
      state: live ? 'live' : 'ended',
      mimeType: this.init ? mimeTypeOf(this.init) : null,
      first: live ? this.segments.first : null,
      latest: this.segments.latest,
      viewers: live ? this.viewers.total() : 0,
      publisher: live && this.openSockets('publisher').length > 0,
      videoUrl: progress.outcome?.videoUrl ?? null,
    };
  }

  /** The initialisation segment (EBML header, Segment start, Tracks), or null while it has not arrived. */
  initSegment(report: ViewerReport | null = null): { bytes: Uint8Array; mimeType: string } | null {
    this.handled(report);
    return this.init ? { bytes: this.init.bytes, mimeType: mimeTypeOf(this.init) } : null;
  }

  /**
   * Segment n: at once when held; when it is one of the next few to come, waited for (up to
   * SEGMENT_WAIT_MS), or with `wait` false answered 204 at once (it is coming).
   */
  async segment(n: number, report: ViewerReport | null = null, wait = true): Promise<SegmentAnswer> {
    this.handled(report);
    if (!this.progress) return { status: 404 };
    const found = this.segments.lookup(n);
    if (found.kind === 'ready') return { status: 200, bytes: found.segment.bytes };
    if (found.kind === 'gone') return { status: 410 };
    if (found.kind === 'unknown') return { status: this.progress.phase === 'live' ? 404 : 410 };
    if (!wait) return { status: 204 };
    const segment = await this.segments.waitFor(n, SEGMENT_WAIT_MS);
    return segment ? { status: 200, bytes: segment.bytes } : { status: 204 };
  }

  /** An isolate's viewer report with no other request to carry it. */
  report(report: ViewerReport): void {
    this.handled(report);
  }

  /** What the object has handled so far (GET /api/streams/{id}/stats). */
  stats(): LiveWork {
    return { ...this.work };
  }

  private handled(report: ViewerReport | null): void {
    this.work.requests += 1;
    if (report && this.progress?.phase === 'live') this.viewers.report(report);
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    this.work.messagesIn += 1;
    // The publisher speaks in bytes only.
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
    if (!this.ctx.getTags(ws).includes('publisher') || this.progress?.phase !== 'live') return;
    if (this.openSockets('publisher', ws).length > 0) return;
    if (code === 1000) {
      // The publisher said it is done: end now, keeping everything it sent.
      await this.end().catch((error) => console.error('ending the stream after the publisher closed failed', error));
      return;
    }
    await this.ctx.storage.setAlarm(Date.now() + this.config!.graceSeconds * 1000);
  }

  /** One message of the publisher's byte stream: parse, store, cut into segments, acknowledge. Synchronous on purpose. */
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
      this.send(publisher, { type: 'error', message: `Not a WebM recording: ${error.message}` });
      closeQuietly(publisher, LiveCloseCode.badMedia, 'not a WebM recording');
      return;
    }

    const keys: number[] = [];
    for (const event of events) {
      if (event.kind === 'init') {
        this.init = event.init;
        progress.init = { ...event.init, bytes: toBase64(event.init.bytes) };
        progress.growth = headerGrowth(event.init);
      }
      const sync = recordScanEvent(progress.facts, event);
      if (sync !== null) keys.push(sync);
    }
    // Media is everything after the initialisation segment; a chunk may hold the end of one and the start of the other.
    const mediaStart = this.init ? Math.max(start, this.init.bytes.length) : null;
    // One segment per chunk, cut again where a keyframe Cluster starts (where late joiners begin).
    if (mediaStart !== null && mediaStart < start + bytes.length) this.segments.append(mediaStart, bytes.subarray(mediaStart - start), keys);
    for (const key of keys) this.segments.markKey(key);

    // Before the header is complete every byte is in part 1: the scanner refuses a header longer
    // than MAX_INIT_BYTES (1 MiB), far below a part.
    const layout = this.layout();
    if (layout) for (const run of splitByPart(layout, start, bytes)) this.store.appendBytes(run.part, run.bytes);
    else this.store.appendBytes(1, bytes);
    progress.received = start + bytes.length;
    progress.scanner = this.scanner.snapshot();
    this.store.addCues(progress.facts.cues);
    progress.facts.cues = [];
    progress.segments = this.segments.snapshot();
    this.store.write('progress', progress);
    this.work.chunks += 1;
    this.store.write('work', this.work);

    this.send(publisher, { type: 'ack', received: progress.received });
    this.viewers.refresh();

    if (layout) {
      const last = recordingPartOf(layout, progress.received);
      for (let part = Math.max(2, recordingPartOf(layout, start)); part < last; part++) this.queuePartUpload(part);
    }
  }

  private layout(): RecordingLayout | null {
    return this.progress?.growth == null ? null : { partSize: this.config!.partSize, growth: this.progress.growth };
  }

  private rememberOrigin(origin: string): void {
    const config = this.config!;
    if (config.origins?.includes(origin)) return;
    config.origins = [...(config.origins ?? []), origin].slice(-8);
    this.store.write('config', config);
  }

  private openSockets(tag: string, except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  private toPublisher(message: LiveServerMessage): void {
    for (const ws of this.openSockets('publisher')) this.send(ws, message);
  }

  private send(ws: WebSocket, message: LiveServerMessage): void {
    this.work.messagesOut += 1;
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // A socket that is closing misses the message; its close handler does the bookkeeping.
    }
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

  private async finish(endedBy: number | null): Promise<RoomOutcome> {
    const config = this.config;
    const progress = this.progress;
    if (!config || !progress) throw new Error('no such stream');
    if (progress.phase === 'live') {
      progress.phase = 'ending';
      this.store.write('progress', progress);
      // Viewers waiting for the next segment hear at once that none will come.
      this.segments.close();
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
    this.segments.close();
    this.viewers.stop();
    await this.deps.liveStreams.end(config.streamId, { videoUrl: outcome.videoUrl, endedAt: this.deps.clock.now(), endedBy });
    await this.ctx.storage.deleteAlarm();
    await this.purgePublicPages();
    for (const ws of this.ctx.getWebSockets()) {
      this.send(ws, { type: 'end', videoUrl: outcome.videoUrl });
      closeQuietly(ws, LiveCloseCode.ended, 'stream ended');
    }
    return outcome;
  }

  /**
   * The story's cached pages say it is live until refreshed: ending through the API refreshes them
   * as any write does, but a stream that ends by itself (the publisher closed, the alarm) has no
   * request of the worker to do it, so the room does it here, for every origin it was reached from.
   */
  private async purgePublicPages(): Promise<void> {
    const cache = this.deps.edgeCache;
    if (!cache) return;
    for (const origin of this.config?.origins ?? []) {
      await cache.purge(origin).catch((error: unknown) => console.error('refreshing the cached pages after the stream ended failed', error));
    }
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

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}
