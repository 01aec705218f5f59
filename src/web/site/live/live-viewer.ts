import { LIVE_PROTOCOL, type LiveServerMessage } from '../../../media/live-protocol.ts';
import { liveSocketUrl, parseServerMessage } from './live-socket-url.ts';

/**
 * A reader's side of a live stream (docs/decisions/010-live-stream-protocol.md): a WebSocket to
 * the stream's room feeding a MediaSource. The room sends an `init` message with the codecs, the
 * initialisation segment, then media from a keyframe Cluster; this appends them in order, starts
 * playback at the first buffered frame, keeps near the live edge, and trims what has been watched.
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
}

export interface LiveViewer {
  close(): void;
}

/** Media watched longer ago than this is dropped from the buffer. */
const KEEP_BEHIND_SECONDS = 30;

export function canWatchLive(mimeType = 'video/webm; codecs="vp9,opus"'): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(mimeType);
}

export function watchLiveStream(options: LiveViewerOptions): LiveViewer {
  const { video } = options;
  const maxLatency = options.maxLatencySeconds ?? 4;
  let socket: WebSocket | null = null;
  let mediaSource: MediaSource | null = null;
  let sourceBuffer: SourceBuffer | null = null;
  let objectUrl: string | null = null;
  let queue: ArrayBuffer[] = [];
  let started = false;
  let closed = false;
  let ended = false;
  let retryDelay = 1000;

  const setState = (state: ViewerState, detail?: string) => options.onState?.(state, detail);

  const teardown = () => {
    queue = [];
    sourceBuffer = null;
    started = false;
    if (objectUrl) {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(objectUrl);
      objectUrl = null;
    }
    mediaSource = null;
  };

  const followLiveEdge = () => {
    const buffered = video.buffered;
    if (buffered.length === 0) return;
    const end = buffered.end(buffered.length - 1);
    if (!started) {
      started = true;
      video.currentTime = buffered.start(0);
      void video.play().catch(() => undefined);
      setState('playing');
    } else if (end - video.currentTime > maxLatency) {
      video.currentTime = Math.max(buffered.start(buffered.length - 1), end - 1);
    }
  };

  const pump = () => {
    if (!sourceBuffer || sourceBuffer.updating) return;
    const buffered = sourceBuffer.buffered;
    if (buffered.length > 0 && video.currentTime - buffered.start(0) > KEEP_BEHIND_SECONDS + 10) {
      sourceBuffer.remove(buffered.start(0), video.currentTime - KEEP_BEHIND_SECONDS);
      return;
    }
    const next = queue.shift();
    if (next) {
      try {
        sourceBuffer.appendBuffer(next);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'QuotaExceededError' && buffered.length > 0) {
          queue.unshift(next);
          sourceBuffer.remove(buffered.start(0), Math.max(buffered.start(0) + 1, video.currentTime - 5));
          return;
        }
        setState('failed', 'The video could not be played');
      }
      return;
    }
    if (ended && mediaSource?.readyState === 'open') mediaSource.endOfStream();
  };

  const startMedia = (mimeType: string) => {
    teardown();
    if (!canWatchLive(mimeType)) {
      setState('unsupported', `This browser cannot play ${mimeType}`);
      return;
    }
    const source = new MediaSource();
    mediaSource = source;
    objectUrl = URL.createObjectURL(source);
    video.src = objectUrl;
    source.addEventListener(
      'sourceopen',
      () => {
        if (mediaSource !== source) return;
        sourceBuffer = source.addSourceBuffer(mimeType);
        sourceBuffer.addEventListener('updateend', () => {
          followLiveEdge();
          pump();
        });
        pump();
      },
      { once: true },
    );
  };

  const connect = () => {
    setState(socket ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(liveSocketUrl(options.streamId, 'watch'), [LIVE_PROTOCOL]);
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => {
      retryDelay = 1000;
      setState('waiting');
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') {
        queue.push(event.data as ArrayBuffer);
        pump();
        return;
      }
      const message = parseServerMessage<LiveServerMessage>(event.data);
      if (!message) return;
      if (message.type === 'init') startMedia(message.mimeType);
      else if (message.type === 'viewers') options.onViewers?.(message.count);
      else if (message.type === 'publisher') setState(message.connected ? (started ? 'playing' : 'waiting') : 'publisher-away');
      else if (message.type === 'end') {
        ended = true;
        pump();
        setState('ended');
        options.onEnd?.(message.videoUrl);
      }
    };
    ws.onclose = () => {
      if (socket !== ws || closed || ended) return;
      // Dropped: start over (a fresh init and keyframe) after a pause.
      setTimeout(() => {
        if (!closed && !ended) connect();
      }, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 10_000);
      setState('reconnecting');
    };
  };

  connect();
  return {
    close() {
      closed = true;
      const ws = socket;
      if (ws) {
        ws.onmessage = null;
        // A socket closed while still connecting never tells the room (no close frame goes out), and
        // the room would go on counting a viewer who left: say goodbye as soon as it is open.
        if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000, 'viewer left');
        else ws.close(1000, 'viewer left');
      }
      teardown();
    },
  };
}
