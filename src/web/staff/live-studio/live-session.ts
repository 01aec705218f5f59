import type { LiveStream } from '../../../domain/live-video/entities.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { messages } from '../../../domain/messages.ts';
import { cameraErrorText, stopTracks, trackSwitches } from '../camera/media-tracks.ts';
import { createSessionStore, type SessionStore } from '../camera/session-store.ts';
import type { LivePublisherOptions, PublisherState } from './live-publisher.ts';
import type { ToastInput } from '../../ui/toast/toast-store.ts';

/**
 * The Live Stream tab's state machine (docs/product/rules.md): not live (camera off or previewing),
 * then live (RECORDING, the stream id, the viewer count), then ended. The camera goes to the
 * stream's room through LivePublisher, which the server records as it goes; ending stops the
 * publisher once the room holds every byte, ends the stream (the story gets the recording and is
 * published) and checks that the story has its video. Framework-free and kept outside React: a
 * live stream must not stop because the reporter switched tabs.
 */

/** docs/product/notices.md, titles and descriptions word for word. */
export const LIVE_NOTICES = {
  cameraDenied: { title: 'Camera access denied', description: 'Please allow camera and microphone access to stream' },
  titleRequired: { title: 'Title required', description: messages.streamTitleRequired },
  creationFailed: 'Stream creation failed',
  streamFailed: { title: 'Stream failed', description: 'Could not start live stream' },
  endFailed: { title: 'Error ending stream', description: 'Please try again' },
  uploadFailed: { title: 'Upload failed', description: 'Could not save stream recording' },
  videoSaved: { title: 'Video saved', description: 'Stream recording uploaded successfully' },
  started: { title: 'Stream started', description: 'You are now live! Video is being recorded.' },
  ended: { title: 'Stream ended', description: 'Your live stream has been stopped and video saved' },
  cameraStarted: { title: 'Camera started', description: 'Ready to begin streaming' },
} as const;

export type LivePhase = 'idle' | 'opening' | 'preview' | 'starting' | 'live' | 'ending' | 'end-failed' | 'ended';

export interface LiveOutcome {
  /** The stream's story after ending (null if it could not be read). */
  story: Story | null;
  /** The story holds the recording as its video. */
  videoSaved: boolean;
}

export interface LiveState {
  phase: LivePhase;
  title: string;
  camera: MediaStream | null;
  cameraOn: boolean;
  microphoneOn: boolean;
  stream: LiveStream | null;
  viewers: number;
  /** The publisher's connection while live (reconnecting after a network drop, say). */
  connection: PublisherState | null;
  liveSince: number | null;
  outcome: LiveOutcome | null;
  problem: string | null;
}

export interface PublisherHandle {
  /** Resolves once the room has every byte (or gave up waiting) and the socket is closed. */
  stop(): Promise<void>;
}

export interface LiveSessionDeps {
  openCamera(): Promise<MediaStream>;
  /** Whether this browser records a format live streams take (MP4 with H.264, or WebM). */
  canPublish(): boolean;
  startStream(title: string): Promise<LiveStream>;
  endStream(id: number): Promise<LiveStream>;
  /** LivePublisher.start; throws when the browser cannot record. */
  startPublisher(options: LivePublisherOptions): PublisherHandle;
  loadStory(id: number): Promise<Story>;
  notify(notice: ToastInput): void;
  /** Stories, active streams and figures changed. */
  refresh(): void;
  /** Asks before the page is closed while live. */
  guardUnload(on: boolean): void;
  now(): number;
  /** How long the publisher may take to reach the room before starting counts as failed. */
  startTimeoutMs?: number;
}

const INITIAL: LiveState = {
  phase: 'idle',
  title: '',
  camera: null,
  cameraOn: true,
  microphoneOn: true,
  stream: null,
  viewers: 0,
  connection: null,
  liveSince: null,
  outcome: null,
  problem: null,
};

export const NO_LIVE_RECORDING =
  'This browser cannot record the MP4 or WebM video that live streams need. Use a current Safari, Chrome, Edge or Firefox to go live.';

export interface LiveSession extends SessionStore<LiveState> {
  setTitle(title: string): void;
  startCamera(): Promise<boolean>;
  setCamera(on: boolean): void;
  setMicrophone(on: boolean): void;
  goLive(): Promise<void>;
  end(): Promise<void>;
  /** After a stream has ended: back to not live, ready for the next one. */
  newStream(): void;
  /** The panel is going away: give the camera back unless a stream is on. */
  release(): void;
}

export function createLiveSession(deps: LiveSessionDeps): LiveSession {
  const store = createSessionStore<LiveState>(INITIAL);
  let publisher: PublisherHandle | null = null;
  let cameraRequest = 0;
  let attempt = 0;
  let startTimer: ReturnType<typeof setTimeout> | null = null;

  const closeCamera = () => {
    stopTracks(store.get().camera);
    store.set({ camera: null, cameraOn: true, microphoneOn: true });
  };

  const clearStartTimer = () => {
    if (startTimer !== null) clearTimeout(startTimer);
    startTimer = null;
  };

  /** The stream was created but never went live: close it on the server and go back to the preview. */
  const failStart = (stream: LiveStream, detail: string | undefined) => {
    clearStartTimer();
    attempt++;
    const stale = publisher;
    publisher = null;
    void stale?.stop().catch(() => undefined);
    void deps
      .endStream(stream.id)
      .catch(() => undefined)
      .finally(() => deps.refresh());
    deps.guardUnload(false);
    store.set({ phase: store.get().camera ? 'preview' : 'idle', stream: null, connection: null, viewers: 0, problem: detail ?? null });
    deps.notify({ ...LIVE_NOTICES.streamFailed, variant: 'destructive' });
  };

  /** The stream is over on the server: read its story to see whether the recording is there. */
  const finish = async (stream: LiveStream) => {
    deps.guardUnload(false);
    const story: Story | null = await deps.loadStory(stream.storyId).catch(() => null);
    const videoSaved = Boolean(story?.videoUrl);
    store.set({ phase: 'ended', outcome: { story, videoSaved }, liveSince: null, viewers: 0, connection: null });
    deps.notify(videoSaved ? { ...LIVE_NOTICES.ended, variant: 'success' } : { ...LIVE_NOTICES.uploadFailed, variant: 'destructive' });
    deps.refresh();
  };

  const onPublisherState = (mine: number, stream: LiveStream, state: PublisherState, detail?: string) => {
    if (mine !== attempt) return;
    const { phase } = store.get();
    if (phase === 'starting') {
      if (state === 'live') {
        clearStartTimer();
        store.set({ phase: 'live', connection: 'live', liveSince: deps.now(), problem: null });
        deps.notify({ ...LIVE_NOTICES.started, variant: 'success' });
        deps.refresh();
      } else if (state === 'failed' || state === 'ended') failStart(stream, detail);
      else store.set({ connection: state });
      return;
    }
    if (phase !== 'live') return;
    if (state === 'ended') {
      // Ended elsewhere (an admin, another window): the room has closed the stream and kept the recording.
      publisher = null;
      closeCamera();
      void finish(stream);
    } else if (state === 'failed') {
      store.set({
        connection: 'failed',
        problem: `Streaming stopped: ${detail ?? 'the connection failed'}. End the stream to keep what was recorded.`,
      });
    } else {
      store.set({ connection: state, problem: state === 'live' ? null : store.get().problem });
    }
  };

  const session: LiveSession = {
    ...store,

    setTitle(title) {
      store.set({ title });
    },

    async startCamera() {
      if (store.get().phase !== 'idle') return store.get().camera !== null;
      const request = ++cameraRequest;
      store.set({ phase: 'opening', problem: null });
      try {
        const camera = await deps.openCamera();
        if (request !== cameraRequest || store.get().phase !== 'opening') {
          stopTracks(camera);
          return false;
        }
        store.set({ phase: 'preview', camera, cameraOn: true, microphoneOn: true });
        deps.notify({ ...LIVE_NOTICES.cameraStarted, variant: 'success' });
        return true;
      } catch (error) {
        if (request !== cameraRequest || store.get().phase !== 'opening') return false;
        store.set({ phase: 'idle', problem: cameraErrorText(error) });
        deps.notify({ ...LIVE_NOTICES.cameraDenied, variant: 'destructive' });
        return false;
      }
    },

    ...trackSwitches(store),

    async goLive() {
      const { phase } = store.get();
      if (phase !== 'idle' && phase !== 'preview') return;
      const title = store.get().title.trim();
      if (!title) {
        deps.notify({ ...LIVE_NOTICES.titleRequired, variant: 'destructive' });
        return;
      }
      if (!deps.canPublish()) {
        store.set({ problem: NO_LIVE_RECORDING });
        deps.notify({ ...LIVE_NOTICES.streamFailed, variant: 'destructive' });
        return;
      }
      if (!store.get().camera && !(await session.startCamera())) return;
      const camera = store.get().camera!;
      store.set({ phase: 'starting', problem: null, viewers: 0, outcome: null });

      let stream: LiveStream;
      try {
        stream = await deps.startStream(title);
      } catch (error) {
        store.set({ phase: store.get().camera ? 'preview' : 'idle' });
        deps.notify({
          title: LIVE_NOTICES.creationFailed,
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
        return;
      }
      store.set({ stream });
      deps.refresh();

      const mine = ++attempt;
      try {
        publisher = deps.startPublisher({
          streamId: stream.id,
          stream: camera,
          onState: (state, detail) => onPublisherState(mine, stream, state, detail),
          onViewers: (count) => {
            if (mine === attempt) store.set({ viewers: count });
          },
        });
      } catch (error) {
        failStart(stream, error instanceof Error ? error.message : undefined);
        return;
      }
      deps.guardUnload(true);
      startTimer = setTimeout(() => {
        if (mine === attempt && store.get().phase === 'starting') failStart(stream, 'The stream server did not answer.');
      }, deps.startTimeoutMs ?? 20_000);
    },

    async end() {
      const { phase, stream } = store.get();
      if (!stream || (phase !== 'live' && phase !== 'end-failed')) return;
      store.set({ phase: 'ending', problem: null });
      if (publisher) {
        const stopping = publisher;
        publisher = null;
        attempt++;
        await stopping.stop().catch(() => undefined);
      }
      closeCamera();
      try {
        await deps.endStream(stream.id);
      } catch {
        store.set({ phase: 'end-failed' });
        deps.notify({ ...LIVE_NOTICES.endFailed, variant: 'destructive' });
        return;
      }
      await finish(stream);
    },

    newStream() {
      if (store.get().phase !== 'ended') return;
      store.set({ ...INITIAL });
    },

    release() {
      const { phase } = store.get();
      if (phase === 'opening') {
        cameraRequest++;
        store.set({ phase: 'idle' });
      } else if (phase === 'preview') {
        closeCamera();
        store.set({ phase: 'idle' });
      }
    },
  };
  return session;
}
