import { DurableObject } from 'cloudflare:workers';
import { fromBase64, toBase64 } from '../../media/base64.ts';
import { concatBytes } from '../../media/bytes.ts';
import type { HlsPlaylist, HlsVariant } from '../../media/hls-playlist.ts';
import {
  MediaFormatError,
  detectContainer,
  type ContainerSnapshot,
  type LiveContainer,
  type StreamEvent,
} from '../../media/live-container.ts';
import { openContainer, restoreContainer } from '../../media/live-containers.ts';
import { LIVE_PROTOCOL, LiveCloseCode, type LiveManifest, type LiveServerMessage, type LiveWork } from '../../media/live-protocol.ts';
import { SegmentCutter, type CutSegment } from '../../media/segment-cutter.ts';
import type { AppDeps } from '../app-deps.ts';
import type { EdgeCache } from '../http/middleware/edge-cache.ts';
import { LiveSegments, type SegmentIndex } from './live-segments.ts';
import { ROLE_HEADER } from './live-role.ts';
import { alarmDecision } from './room-alarm.ts';
import { RoomCaptions, type LiveCaptionsOutcome } from './room-captions.ts';
import { playlistOf, type ListedSegment, type StreamClock } from './room-playlist.ts';
import { captionsFinal, subtitleSegment, variantOf } from './room-subtitles.ts';
import { RoomRecording, type RecordingProgress } from './room-recording.ts';
import { RoomStorage } from './room-storage.ts';
import { RoomViewers } from './room-viewers.ts';
import type { ViewerReport } from './viewer-tally.ts';
import type { LiveRoomOutcome, LiveRoomSettings } from '../../domain/live-video/ports.ts';
import type { RecentCues, SegmentAnswer } from './live-rooms.ts';

/**
 * One Durable Object per live stream (docs/decisions/010-live-stream-protocol.md, 025, 040). The
 * reporter's browser (the publisher) sends MediaRecorder bytes over a WebSocket, WebM or
 * fragmented MP4 as its first bytes say (src/media/live-container.ts); the room only orchestrates:
 *  - the container follows the bytes; the cutter makes numbered segments of them that the worker
 *    serves to viewers over HTTP through the edge cache (decision 025), and as an HLS playlist for
 *    MP4 (decision 041): the object answers one request per segment per worker isolate, whatever
 *    the audience, and holds a request for the next segment until it arrives;
 *  - sums the viewer counts the isolates report, tells the publisher, and writes it to D1 now and then;
 *  - records the stream (room-recording.ts): stored as it arrives, to R2 in parts as they fill,
 *    finished with the container's header and tail. The stream ends when asked, when the
 *    publisher closes its socket normally, or when an alarm finds the publisher gone for the grace
 *    period (room-alarm.ts; the alarm is kept set while the publisher is connected too, so a crash
 *    does not leave the stream on air), and in every case keeps everything received until then.
 * It uses the WebSocket hibernation API: sockets outlive the object's time in memory, so all
 * that must survive (progress, the container's state, bytes, cues, segments) is in storage and
 * read back on wake.
 */

interface RoomConfig extends LiveRoomSettings {
  partSize: number;
  graceSeconds: number;
  /** Every origin the stream was started or published from. */
  origins?: string[];
}

interface RoomProgress extends RecordingProgress {
  phase: 'live' | 'ending' | 'ended';
  received: number;
  /** Null until the first bytes say which container the stream is. */
  container?: ContainerSnapshot | null;
  /** The first bytes while too few to tell the container (base64). */
  lead?: string | null;
  /** Where the next segment starts (segment-cutter.ts). */
  cutFrom?: number | null;
  outcome: LiveRoomOutcome | null;
  /** Segment numbering (live-segments.ts); absent in rooms started before segments existed. */
  segments?: SegmentIndex;
  /** The last moment the publisher was known to be there (room-alarm.ts). */
  seenAt?: number;
  /** Program date-time origin of an MP4 stream, and its longest segment (seconds). */
  clock?: StreamClock | null;
  longest?: number;
  /** Rooms started before issue 18 kept a WebM scanner's state here. */
  scanner?: unknown;
  init?: unknown;
  facts?: unknown;
}

/** When storing the recording fails, the alarm tries again after this long. */
const RETRY_SECONDS = 30;
/** How long a request for a segment that does not exist yet waits before answering 204. */
export const SEGMENT_WAIT_MS = 10_000;

/**
 * What a room needs from outside; the worker (the composition root) builds it from the bindings.
 * `edgeCache` is the public pages' cache, refreshed when the stream ends however it ends.
 */
export type RoomDeps = Pick<AppDeps, 'liveStreams' | 'media' | 'mediaLimits' | 'clock' | 'readership'> & {
  edgeCache?: Pick<EdgeCache, 'purge'>;
  /** Hears the stream while it is on air (room-captions.ts); none: no live captions. */
  transcriber?: AppDeps['transcriber'];
  /**
   * Told once the stream's story is published with its recording: the fediverse's followers hear of
   * it, and the recording gets its automatic captions (services/captions): those heard on air when
   * they are the whole of it.
   */
  afterEnd?: (streamId: number, captions: LiveCaptionsOutcome | null) => Promise<unknown>;
};

/**
 * How long the end of a stream waits for its last caption windows to be heard (a second or two with
 * windows heard as they come); past it the recording is transcribed whole instead.
 */
const CAPTIONS_DRAIN_MS = 8_000;

/** A room's container as its progress remembers it (rooms from before issue 18 were WebM and kept the scanner apart). */
function containerOf(progress: RoomProgress | null): LiveContainer | null {
  if (progress?.container) return restoreContainer(progress.container);
  if (progress?.scanner)
    return restoreContainer({ kind: 'webm', state: { scanner: progress.scanner, facts: progress.facts, init: progress.init } });
  return null;
}

export class LiveStreamRoom extends DurableObject<Env> {
  private readonly store: RoomStorage;
  private readonly deps: RoomDeps;
  private config: RoomConfig | null;
  private progress: RoomProgress | null = null;
  private container: LiveContainer | null = null;
  private cutter: SegmentCutter | null = null;
  private segments = new LiveSegments(null);
  private recording: RoomRecording | null = null;
  private readonly captions: RoomCaptions;
  private readonly viewers: RoomViewers;
  private readonly work: LiveWork;
  private ending: Promise<LiveRoomOutcome> | null = null;

  constructor(ctx: DurableObjectState, env: Env, deps: RoomDeps) {
    super(ctx, env);
    this.deps = deps;
    this.store = new RoomStorage(ctx.storage.sql);
    this.captions = new RoomCaptions(ctx.storage.sql, this.store, deps.transcriber ?? null);
    this.config = this.store.read<RoomConfig>('config');
    this.work = { chunks: 0, requests: 0, reports: 0, messagesIn: 0, messagesOut: 0, ...this.store.read<LiveWork>('work') };
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
    this.container = containerOf(this.progress);
    const legacyCut = this.progress?.scanner && this.container?.init ? this.progress.received : null;
    this.cutter = this.container ? new SegmentCutter(this.container.cutsAnywhere, this.progress?.cutFrom ?? legacyCut, true) : null;
    this.segments.close();
    this.segments = new LiveSegments(this.progress?.segments ?? null);
    if (this.progress?.phase !== 'live') this.segments.close();
    this.recording = this.config
      ? new RoomRecording(
          this.store,
          this.deps.media,
          this.config.partSize,
          this.config.recordingKey,
          () => this.progress!,
          () => this.store.write('progress', this.progress),
        )
      : null;
  }

  /** Called once when the stream is created; the publisher then has the grace period to connect. */
  async open(settings: LiveRoomSettings): Promise<void> {
    if (this.config) return;
    const limits = this.deps.mediaLimits;
    this.config = {
      ...settings,
      partSize: limits.livePartBytes,
      graceSeconds: limits.liveGraceSeconds,
      origins: settings.origin ? [settings.origin] : [],
    };
    this.store.write('config', this.config);
    const progress: RoomProgress = {
      phase: 'live',
      received: 0,
      container: null,
      uploadId: null,
      parts: [],
      outcome: null,
      seenAt: Date.now(),
    };
    this.store.write('progress', progress);
    this.reload();
    await this.ctx.storage.setAlarm(Date.now() + this.config.graceSeconds * 1000);
  }

  /**
   * Ends the stream and stores its recording; safe to call again (it answers the same outcome).
   * `endedBy` is the user who asked (the audit log's actor); none when the stream ends by itself.
   */
  end(endedBy: number | null = null): Promise<LiveRoomOutcome> {
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
      for (const old of this.ctx.getWebSockets('publisher'))
        closeQuietly(old, LiveCloseCode.replaced, 'another publisher connection took over');
      this.ctx.acceptWebSocket(server, ['publisher']);
      this.send(server, { type: 'ready', received: this.progress.received });
      this.send(server, { type: 'viewers', count: this.viewers.total() });
      await this.seenNow();
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
      mimeType: this.container?.init?.mimeType ?? null,
      first: live ? this.segments.first : null,
      latest: this.segments.latest,
      viewers: live ? this.viewers.total() : 0,
      publisher: live && this.openSockets('publisher').length > 0,
      videoUrl: progress.outcome?.videoUrl ?? null,
    };
  }

  /** The initialisation segment (WebM: EBML header, Segment start, Tracks; MP4: ftyp and moov), or null while it has not arrived. */
  initSegment(report: ViewerReport | null = null): { bytes: Uint8Array; mimeType: string } | null {
    this.handled(report);
    return this.container?.init ?? null;
  }

  /**
   * Segment n: at once when held (or, once the stream has ended, read back from its recording);
   * when it is one of the next few to come, waited for (up to SEGMENT_WAIT_MS), or with `wait`
   * false answered 204 at once (it is coming).
   */
  async segment(n: number, report: ViewerReport | null = null, wait = true): Promise<SegmentAnswer> {
    this.handled(report);
    if (!this.progress) return { status: 404 };
    const contentType = this.container?.kind === 'mp4' ? 'video/mp4' : 'video/webm';
    const found = this.segments.lookup(n);
    if (found.kind === 'ready') return { status: 200, bytes: found.segment.bytes, contentType };
    if (found.kind === 'gone') {
      const bytes = await this.fromRecording(n);
      return bytes ? { status: 200, bytes, contentType } : { status: 410 };
    }
    if (found.kind === 'unknown') return { status: this.progress.phase === 'live' ? 404 : 410 };
    if (!wait) return { status: 204, contentType };
    const segment = await this.segments.waitFor(n, SEGMENT_WAIT_MS);
    // The container is known by the time a segment exists.
    return segment
      ? { status: 200, bytes: segment.bytes, contentType: this.container?.kind === 'mp4' ? 'video/mp4' : 'video/webm' }
      : { status: 204, contentType };
  }

  /**
   * The HLS playlist's content (decision 041): null for no such stream, 'not_hls' for a WebM one.
   * A stream whose first bytes have not come yet has an empty one.
   */
  playlist(report: ViewerReport | null = null): HlsPlaylist | 'not_hls' | null {
    this.handled(report);
    const progress = this.progress;
    if (!this.config || !progress) return null;
    if (this.container && this.container.kind !== 'mp4') return 'not_hls';
    return this.playlistOf(progress, this.listedSegments(progress));
  }

  private listedSegments(progress: RoomProgress): readonly ListedSegment[] {
    const stored = progress.phase === 'ended' ? progress.stored : null;
    return stored ? this.store.segmentsAll().filter((row) => row.offset + row.length <= stored.mediaEnd) : this.segments.heldFrom(0);
  }

  private playlistOf(
    progress: RoomProgress,
    segments: readonly ListedSegment[],
    next?: number,
    ended = progress.phase === 'ended',
  ): HlsPlaylist {
    return playlistOf({
      ended,
      segments,
      clock: progress.clock ?? null,
      next: next ?? (this.segments.latest === null ? 0 : this.segments.latest + 1),
      longest: progress.longest ?? 0,
      captioned: this.captions.on,
    });
  }

  /** The multivariant playlist's content (decision 128): null for no such stream, 'not_hls' for a WebM one. */
  variant(report: ViewerReport | null = null): HlsVariant | 'not_hls' | null {
    const playlist = this.playlist(report);
    if (playlist === null || playlist === 'not_hls') return playlist;
    return variantOf({
      mimeType: this.container?.init?.mimeType ?? null,
      held: this.segments.heldFrom(0),
      captioned: this.captions.on,
      lang: this.captions.language,
    });
  }

  /** The subtitles media playlist's content: the media playlist's segments whose captions are final. */
  subtitles(report: ViewerReport | null = null): HlsPlaylist | 'not_hls' | 'no_captions' | null {
    const playlist = this.playlist(report);
    if (playlist === null || playlist === 'not_hls') return playlist;
    if (!this.captions.on) return 'no_captions';
    const progress = this.progress!;
    // Over once the stream has ended and its last windows were heard.
    const ended = progress.phase === 'ended' && this.captions.finished;
    const segments = this.listedSegments(progress);
    const final = segments.filter((segment) => captionsFinal(segment, this.captions.heardThrough, ended));
    const next = segments.find((segment) => !captionsFinal(segment, this.captions.heardThrough, ended))?.n;
    return this.playlistOf(progress, final, next, ended);
  }

  /** WebVTT segment n: the cues over media segment n's time, once final; null when not (yet) listed. */
  subtitleSegment(n: number, report: ViewerReport | null = null): string | null {
    this.handled(report);
    if (!this.captions.on) return null;
    const held = this.segments.lookup(n);
    const row = held.kind === 'ready' ? held.segment : this.store.segment(n);
    return subtitleSegment(row, this.captions, this.progress?.phase === 'ended' && this.captions.finished);
  }

  /**
   * The cues of the last `seconds` of the stream heard so far, for the site's players (a TextTrack):
   * null for no such stream; `captioned` false when the stream is not being heard.
   */
  recentCues(seconds: number, report: ViewerReport | null = null): RecentCues | null {
    this.handled(report);
    if (!this.config || !this.progress) return null;
    const through = this.captions.heardThrough;
    const cues = through === null ? [] : this.captions.cuesBetween(through - seconds, Number.MAX_SAFE_INTEGER);
    return { captioned: this.captions.on, heardThrough: through, cues };
  }

  /** An isolate's viewer report with no other request to carry it. */
  report(report: ViewerReport): void {
    this.work.reports += 1;
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

  /** After the end: a segment no longer in memory, read back from the stored recording. */
  private async fromRecording(n: number): Promise<Uint8Array | null> {
    const stored = this.progress?.phase === 'ended' ? this.progress.stored : null;
    const row = stored ? this.store.segment(n) : null;
    return stored && row && this.recording ? this.recording.readSegment(stored, row) : null;
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
    const progress = this.progress;
    if (!progress || progress.phase === 'ended' || !this.config) return;
    if (progress.phase === 'ending') {
      await this.end();
      return;
    }
    const connected = this.openSockets('publisher').length > 0;
    const decision = alarmDecision({
      now: Date.now(),
      publisherConnected: connected,
      seenAt: progress.seenAt ?? 0,
      graceMs: this.config.graceSeconds * 1000,
    });
    if (decision.end) {
      await this.end();
      return;
    }
    if (connected) {
      progress.seenAt = Date.now();
      this.store.write('progress', progress);
    }
    await this.ctx.storage.setAlarm(decision.at);
  }

  /** The publisher is there now: remember it, and keep the alarm a grace period ahead (room-alarm.ts). */
  private async seenNow(): Promise<void> {
    this.progress!.seenAt = Date.now();
    this.store.write('progress', this.progress);
    await this.ctx.storage.setAlarm(Date.now() + this.config!.graceSeconds * 1000);
  }

  private async left(ws: WebSocket, code: number): Promise<void> {
    if (!this.ctx.getTags(ws).includes('publisher') || this.progress?.phase !== 'live') return;
    if (this.openSockets('publisher', ws).length > 0) return;
    if (code === 1000) {
      // The publisher said it is done: end now, keeping everything it sent.
      await this.end().catch((error) => console.error('ending the stream after the publisher closed failed', error));
      return;
    }
    await this.seenNow();
  }

  /** The container the stream's first bytes name, and the bytes to feed it from offset 0 (the held lead included); null while too few have come. */
  private containerFor(bytes: Uint8Array): { container: LiveContainer; feed: Uint8Array; at: number } | 'unknown' | null {
    const progress = this.progress!;
    if (this.container) return { container: this.container, feed: bytes, at: progress.received };
    const lead = concatBytes([progress.lead ? fromBase64(progress.lead) : new Uint8Array(), bytes]);
    const kind = detectContainer(lead);
    if (kind === null || kind === 'unknown') return kind;
    return { container: openContainer(kind), feed: lead, at: 0 };
  }

  private refuse(publisher: WebSocket, message: string): void {
    this.send(publisher, { type: 'error', message });
    closeQuietly(publisher, LiveCloseCode.badMedia, 'not a WebM or MP4 recording');
  }

  /** One message of the publisher's byte stream: parse, store, cut into segments, acknowledge. Synchronous on purpose. */
  private receive(publisher: WebSocket, bytes: Uint8Array): void {
    const progress = this.progress!;
    if (progress.phase !== 'live') {
      closeQuietly(publisher, LiveCloseCode.ended, 'stream ended');
      return;
    }
    const start = progress.received;
    const found = this.containerFor(bytes);
    if (found === 'unknown') return this.refuse(publisher, 'Not a WebM or MP4 recording');
    let events: StreamEvent[] = [];
    if (found) {
      try {
        events = found.container.push(found.feed);
      } catch (error) {
        if (!(error instanceof MediaFormatError)) throw error;
        this.container = containerOf(progress);
        return this.refuse(publisher, error.message);
      }
      if (!this.container) {
        this.container = found.container;
        this.cutter = new SegmentCutter(found.container.cutsAnywhere);
      }
      this.cutSegments(this.cutter!.cut(found.at, found.feed, events));
    }
    for (const event of events) {
      if (event.kind === 'cue') this.store.addCues([event.cue]);
      if (event.kind === 'patch') this.store.addPatch(event);
      // A keyframe found after its segment was cut (a WebM Cluster whose first video block came in a later chunk).
      if (event.kind === 'key') this.segments.markKey(event.offset);
    }

    this.recording!.keep(this.recording!.layout(this.container), start, bytes);
    progress.received = start + bytes.length;
    progress.lead = this.container ? null : toBase64(concatBytes([progress.lead ? fromBase64(progress.lead) : new Uint8Array(), bytes]));
    progress.container = this.container?.snapshot() ?? null;
    progress.cutFrom = this.cutter?.nextOffset ?? null;
    progress.segments = this.segments.snapshot();
    progress.seenAt = Date.now();
    this.store.write('progress', progress);
    this.work.chunks += 1;
    this.store.write('work', this.work);

    this.send(publisher, { type: 'ack', received: progress.received });
    this.viewers.refresh();
    if (this.container) this.recording!.uploadSettled(this.container, progress.received);
  }

  /** Numbers the new segments, holds them for viewers and notes where each lies. */
  private cutSegments(cuts: readonly CutSegment[]): void {
    const progress = this.progress!;
    for (const cut of cuts) {
      const n = this.segments.add(cut);
      const init = this.container?.init;
      if (init && this.container) this.captions.segment(this.container.kind, init.bytes, cut.bytes, { first: n === 0, key: cut.key });
      this.store.addSegment({ n, offset: cut.offset, length: cut.length, key: cut.key, time: cut.time, duration: cut.duration });
      if (cut.time === null || cut.duration === null) continue;
      // The first fragment's end is now: that fixes the stream's wall clock for program date-times.
      progress.clock ??= { wall: Date.now(), media: cut.time + cut.duration };
      progress.longest = Math.max(progress.longest ?? 0, cut.duration);
    }
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

  private async finish(endedBy: number | null): Promise<LiveRoomOutcome> {
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
      try {
        progress.stored = await this.recording!.finish(this.container, progress.received);
      } catch (error) {
        await this.ctx.storage.setAlarm(Date.now() + RETRY_SECONDS * 1000);
        throw error;
      }
      progress.outcome = { videoUrl: RoomRecording.url(progress.stored), size: progress.stored?.size ?? 0 };
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
    // The story is published with its recording; now its last words are heard (the subtitles playlist is complete after).
    const captions = this.captions.on ? await this.captions.finish(Date.now() + CAPTIONS_DRAIN_MS) : null;
    await this.deps
      .afterEnd?.(config.streamId, captions)
      .catch((error: unknown) => console.error('the work after the stream ended failed', error));
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
      await cache
        .purge(origin)
        .catch((error: unknown) => console.error('refreshing the cached pages after the stream ended failed', error));
    }
  }
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}
