import { LIVE_GROUP_SIZE, LIVE_MANIFEST_EVERY_MS, LIVE_NEXT_HEADER, VIEWER_PARAM, type LiveManifest } from '../../media/live-protocol.ts';
import { attachSource, livePlaybackFor, type AttachedSource } from './media-source-support.ts';

/**
 * A reader's side of a live stream (docs/decisions/025-live-delivery-over-http-segments.md, 043):
 * plain HTTP requests feeding a MediaSource, or a ManagedMediaSource on an iPhone (fetching only
 * while the browser wants data), for WebM and MP4 streams alike. It joins (the init segment and
 * the segments from the newest keyframe), then asks for span after span, each before its segments
 * exist (the server answers as they do). It starts playback at the first buffered frame, keeps
 * near the live edge, trims what has been watched, and reads the manifest again now and then for
 * the viewer count, the reporter's connection and the end of the stream. A browser with neither
 * plays an MP4 stream's HLS playlist itself.
 */

export type ViewerState = 'connecting' | 'waiting' | 'playing' | 'publisher-away' | 'reconnecting' | 'ended' | 'unsupported' | 'failed';

export interface LiveViewerOptions {
  streamId: number | string;
  video: HTMLVideoElement;
  onState?: (state: ViewerState, detail?: string) => void;
  onViewers?: (count: number) => void;
  /** The stream ended; the recording (once stored) is at videoUrl. */
  onEnd?: (videoUrl: string | null) => void;
  /** How far behind the newest frame playback may fall before it jumps ahead (seconds). */
  maxLatencySeconds?: number;
  /** Seconds behind the newest frame to stay, now (live-captions.ts: where the captions are final while they show); 0 for none. */
  holdBackSeconds?: () => number;
}

export interface LiveViewer {
  close(): void;
}

/** Media watched longer ago than this is dropped from the buffer. */
const KEEP_BEHIND_SECONDS = 30;
/** Buffered media a player starts with (or what it has after START_WAIT_MS), so the first fragment's arrival gap does not stall it. */
const START_BUFFER_SECONDS = 1.5;
const START_WAIT_MS = 2000;
/** How long an ended stream's player waits for its recording to be stored before saying there is none. */
const RECORDING_WAIT_MS = 60_000;

class Stopped extends Error {}

/** A random id sent with every request, so the server can count distinct viewers without any sign-in. */
function newViewerId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function watchLiveStream(options: LiveViewerOptions): LiveViewer {
  const { video } = options;
  const maxLatency = options.maxLatencySeconds ?? 4;
  const streamBase = `/api/streams/${encodeURIComponent(String(options.streamId))}`;
  const base = `${streamBase}/live`;
  const viewerId = newViewerId();
  const abort = new AbortController();
  let closed = false;
  let ended = false;
  let started = false;
  let attached: AttachedSource | null = null;
  let lastState: ViewerState | null = null;

  const setState = (state: ViewerState, detail?: string) => {
    if (state === lastState && detail === undefined) return;
    lastState = state;
    options.onState?.(state, detail);
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  const get = async (path: string, query = '') => {
    if (closed) throw new Stopped();
    return fetch(`${base}${path}?${query}${VIEWER_PARAM}=${viewerId}`, { signal: abort.signal });
  };

  /**
   * A join: the init segment and the segments from the newest keyframe, G + phase of them; then
   * spans of G. The phase is this viewer's own, at random, so that an audience that joined together
   * asks for its spans spread over G segments, not all at once (decision 025, "Phases").
   */
  const phase = Math.floor(Math.random() * LIVE_GROUP_SIZE);
  const join = () => get(`/start`, `phase=${phase}&`);

  const readManifest = async (): Promise<LiveManifest> => {
    const res = await get('');
    if (!res.ok) throw new Error(`manifest: ${res.status}`);
    const manifest = (await res.json()) as LiveManifest;
    options.onViewers?.(manifest.viewers);
    if (manifest.state === 'ended' && !ended) {
      ended = true;
      setState('ended');
      void announceEnd(manifest.videoUrl);
    } else if (!ended) {
      if (!manifest.publisher) setState('publisher-away');
      else if (started) setState('playing');
    }
    return manifest;
  };

  /**
   * The stream is over. Its recording is stored just after it ends (longer for a long stream), so
   * while the manifest has no videoUrl yet, ask again for a while before saying there is none.
   */
  const announceEnd = async (videoUrl: string | null) => {
    for (let waited = 0; videoUrl === null && waited < RECORDING_WAIT_MS && !closed; waited += 1000) {
      await sleep(1000);
      const res = await get('').catch(() => null);
      if (res?.ok) videoUrl = ((await res.json()) as LiveManifest).videoUrl;
    }
    if (!closed) options.onEnd?.(videoUrl);
  };

  /** Retries a request that failed on the network, with a growing pause, until it answers. */
  const persist = async <T>(attempt: () => Promise<T>): Promise<T> => {
    for (let delay = 1000; ; delay = Math.min(delay * 2, 10_000)) {
      try {
        return await attempt();
      } catch (error) {
        if (closed || error instanceof Stopped) throw new Stopped();
        setState('reconnecting');
        await sleep(delay);
      }
    }
  };

  let firstMediaAt: number | null = null;
  /** Paused by the player to fall back to the captions' hold-back (not by the reader). */
  let holdingBack = false;
  const resumeHeldBack = () => {
    if (!holdingBack || closed) return;
    holdingBack = false;
    void video.play().catch(() => undefined);
  };
  const followLiveEdge = () => {
    const buffered = video.buffered;
    if (buffered.length === 0) return;
    const end = buffered.end(buffered.length - 1);
    firstMediaAt ??= Date.now();
    // Start with a little in hand: joined at the newest keyframe, an MP4 stream has one fragment
    // (about a second) buffered, and the next comes when the camera has made it, a moment later.
    if (!started) {
      if (end - buffered.start(0) < START_BUFFER_SECONDS && Date.now() - firstMediaAt < START_WAIT_MS) return;
      started = true;
      video.currentTime = buffered.start(0);
      void video.play().catch(() => undefined);
      setState('playing');
      return;
    }
    const holdBack = options.holdBackSeconds?.() ?? 0;
    if (holdBack > 0) {
      // Captions showing: play where they are final.
      const behind = end - video.currentTime;
      const target = Math.max(buffered.start(0), end - holdBack);
      // Too near the edge (the captions were just turned on) or too far behind: to the hold-back, as far back as the buffer allows.
      if ((behind < holdBack - maxLatency / 2 && video.currentTime - target > 1) || behind > holdBack + maxLatency)
        video.currentTime = target;
      // Not that much buffered behind: wait, paused, until the edge is far enough ahead.
      // (At most the hold-back itself: a ManagedMediaSource may stop fetching while it has enough ahead.)
      if (!video.paused && end - video.currentTime < holdBack - 1 && video.currentTime - buffered.start(0) < 1) {
        holdingBack = true;
        video.pause();
        setTimeout(resumeHeldBack, holdBack * 1000);
      } else if (holdingBack && end - video.currentTime >= holdBack - 1) resumeHeldBack();
      return;
    }
    resumeHeldBack();
    if (end - video.currentTime > maxLatency) video.currentTime = Math.max(buffered.start(buffered.length - 1), end - 1);
  };

  const whenIdle = (buffer: SourceBuffer) =>
    buffer.updating
      ? new Promise<void>((resolve) => buffer.addEventListener('updateend', () => resolve(), { once: true }))
      : Promise.resolve();

  const append = async (buffer: SourceBuffer, bytes: BufferSource) => {
    await whenIdle(buffer);
    const buffered = buffer.buffered;
    if (buffered.length > 0 && video.currentTime - buffered.start(0) > KEEP_BEHIND_SECONDS + 10) {
      buffer.remove(buffered.start(0), video.currentTime - KEEP_BEHIND_SECONDS);
      await whenIdle(buffer);
    }
    for (;;) {
      try {
        buffer.appendBuffer(bytes);
        break;
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'QuotaExceededError') || buffer.buffered.length === 0) throw error;
        const start = buffer.buffered.start(0);
        buffer.remove(start, Math.max(start + 1, video.currentTime - 5));
        await whenIdle(buffer);
      }
    }
    await whenIdle(buffer);
    followLiveEdge();
  };

  /** The browser's own HLS: the playlist as the video's source (its viewer id in the URL, so it is counted). */
  let natively = false;
  const playNatively = () => {
    natively = true;
    // The multivariant playlist: the media playlist and, when the stream is captioned, its WebVTT subtitles (decision 128).
    video.src = `${streamBase}/master.m3u8?${VIEWER_PARAM}=${viewerId}`;
    video.addEventListener('playing', () => ((started = true), setState('playing')), { once: true });
    void video.play().catch(() => undefined);
  };

  /** The count (and the state) now and then; the first read after a random part of the period, so an audience that joined together does not read it in the same instant. */
  const keepReadingManifest = async () => {
    for (let wait = Math.random() * LIVE_MANIFEST_EVERY_MS; !closed && !ended; wait = LIVE_MANIFEST_EVERY_MS) {
      await sleep(wait);
      await readManifest().catch(() => undefined);
    }
  };

  /** Appends a streamed span as its pieces come: the bytes it had, or null when the connection broke midway. */
  const appendStream = async (buffer: SourceBuffer, body: NonNullable<Response['body']>): Promise<number | null> => {
    const reader = body.getReader();
    let got = 0;
    try {
      for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
        got += piece.value.length;
        await append(buffer, piece.value);
      }
      return got;
    } catch {
      if (closed) throw new Stopped();
      return null;
    }
  };

  const run = async () => {
    setState('connecting');
    // A join is one request (the init segment and the segments from the newest keyframe), then one
    // streamed request per span of G segments (decision 025).
    let joined = await persist(join);
    while (joined.status !== 200 || !joined.body) {
      await joined.body?.cancel();
      // No picture yet, or over: the manifest says which.
      await persist(readManifest);
      if (ended) return;
      setState('waiting');
      await sleep(1000);
      joined = await persist(join);
    }
    const mimeType = joined.headers.get('Content-Type') ?? '';
    const playback = livePlaybackFor(mimeType, video);
    if (playback === null || playback === 'native-hls') {
      await joined.body.cancel();
      if (playback === 'native-hls') playNatively();
      else setState('unsupported', `This browser cannot play ${mimeType}`);
      // Keep reading the manifest: for the count and the end (the page then offers the recording).
      await keepReadingManifest();
      return;
    }
    void keepReadingManifest();
    const { attached: sink, buffer } = await attachSource(playback, video, mimeType);
    attached = sink;

    let res: Response | null = joined;
    /** Where this viewer's next span starts, or null to join again. */
    let next: number | null = null;
    while (!closed && !ended) {
      // A ManagedMediaSource says when the browser wants data; a request waits for it (a span under way is read to its end).
      if (!res) await sink.whenWanted(abort.signal);
      res ??= await persist(() => (next === null ? join() : get(`/from/${next}`)));
      if (res.status === 200 && res.body) {
        const following: number = next === null ? Number(res.headers.get(LIVE_NEXT_HEADER)) : next + LIVE_GROUP_SIZE;
        const got = await appendStream(buffer, res.body);
        if (got === null) {
          // The connection broke mid-span, maybe inside a cluster: reset the parser and join again.
          buffer.abort();
          next = null;
        } else if (got > 0) next = following;
        // A span that ended with nothing in it (the stream stopped first): ask the manifest, then again.
        else await persist(readManifest);
      } else {
        await res.body?.cancel();
        // 204: nothing yet (the reporter paused or dropped). Otherwise gone (this viewer fell too
        // far behind) or over: the manifest says which, then join again at the newest keyframe.
        await persist(readManifest);
        if (res.status !== 204 || next === null) {
          next = null;
          await sleep(1000);
        }
      }
      res = null;
    }
    if (ended && !closed && sink.source.readyState === 'open') {
      await whenIdle(buffer);
      sink.source.endOfStream();
    }
  };

  run().catch((error: unknown) => {
    if (error instanceof Stopped || closed) return;
    console.error('live playback failed', error);
    setState('failed', 'The video could not be played');
  });

  return {
    close() {
      closed = true;
      abort.abort();
      attached?.detach();
      attached = null;
      if (natively) {
        video.removeAttribute('src');
        video.load();
      }
    },
  };
}
