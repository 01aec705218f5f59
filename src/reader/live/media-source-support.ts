import { HLS_CONTENT_TYPE } from '../../media/hls-playlist.ts';

/**
 * How this browser can play a live stream of a given type (docs/decisions/043-the-live-player-on-every-device.md):
 *  - `MediaSource` where it plays the type (desktop browsers, Android);
 *  - `ManagedMediaSource` where MediaSource is missing (iPhone Safari 17.1 and later): the same
 *    SourceBuffers, but the media element must have `disableRemotePlayback` set (or an AirPlay
 *    source) or it never opens, and the browser says when it wants data (`startstreaming`) and
 *    when it has enough (`endstreaming`), which a player must honour to save the battery;
 *  - the browser's own HLS (`live.m3u8` as the video's source) for an MP4 stream where it has neither;
 *  - null: the notice and, once the stream ends, a link to the recording.
 */

export type LivePlayback = 'media-source' | 'managed-media-source' | 'native-hls';

interface MediaSourceClass {
  new (): MediaSource;
  isTypeSupported(type: string): boolean;
}

/** What ManagedMediaSource adds to MediaSource (not yet in TypeScript's DOM types). */
interface ManagedMediaSourceLike extends MediaSource {
  readonly streaming: boolean;
}

function classes(): { MediaSource?: MediaSourceClass; ManagedMediaSource?: MediaSourceClass } {
  return globalThis as unknown as { MediaSource?: MediaSourceClass; ManagedMediaSource?: MediaSourceClass };
}

export function livePlaybackFor(mimeType: string, video: Pick<HTMLVideoElement, 'canPlayType'>): LivePlayback | null {
  const { MediaSource: Standard, ManagedMediaSource: Managed } = classes();
  if (Standard?.isTypeSupported(mimeType)) return 'media-source';
  if (Managed?.isTypeSupported(mimeType)) return 'managed-media-source';
  if (mimeType.startsWith('video/mp4') && video.canPlayType(HLS_CONTENT_TYPE) !== '') return 'native-hls';
  return null;
}

/** A media source attached to the video, with the browser's say on when to fetch. */
export interface AttachedSource {
  source: MediaSource;
  /** Resolves when the browser wants data: at once for MediaSource; for ManagedMediaSource once it is streaming. */
  whenWanted(signal: AbortSignal): Promise<void>;
  detach(): void;
}

/** Attaches a (Managed)MediaSource to `video`; resolves with its SourceBuffer for `mimeType` once it is open. */
export function attachSource(
  kind: 'media-source' | 'managed-media-source',
  video: HTMLVideoElement,
  mimeType: string,
): Promise<{ attached: AttachedSource; buffer: SourceBuffer }> {
  const { MediaSource: Standard, ManagedMediaSource: Managed } = classes();
  const Source = kind === 'managed-media-source' ? Managed : Standard;
  if (!Source) return Promise.reject(new Error(`no ${kind}`));
  // ManagedMediaSource opens only for a video that will not be sent to AirPlay as it is.
  if (kind === 'managed-media-source') video.disableRemotePlayback = true;
  const source = new Source();
  const url = URL.createObjectURL(source);
  const managed = kind === 'managed-media-source' ? (source as ManagedMediaSourceLike) : null;
  const attached: AttachedSource = {
    source,
    whenWanted: (signal) =>
      !managed || managed.streaming || signal.aborted
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            managed.addEventListener('startstreaming', () => resolve(), { once: true });
            signal.addEventListener('abort', () => resolve(), { once: true });
          }),
    detach: () => {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
    },
  };
  video.src = url;
  return new Promise((resolve) => {
    source.addEventListener('sourceopen', () => resolve({ attached, buffer: source.addSourceBuffer(mimeType) }), { once: true });
  });
}
