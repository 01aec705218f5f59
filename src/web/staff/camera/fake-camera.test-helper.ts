/** A stand-in MediaStream for unit tests of the camera sessions (Node has no media devices). */
export interface FakeTrack {
  kind: 'video' | 'audio';
  enabled: boolean;
  stopped: boolean;
  stop(): void;
}

export type FakeCamera = MediaStream & { tracks: FakeTrack[] };

export function fakeCamera(): FakeCamera {
  const track = (kind: FakeTrack['kind']): FakeTrack => ({
    kind,
    enabled: true,
    stopped: false,
    stop() {
      this.stopped = true;
    },
  });
  const tracks = [track('video'), track('audio')];
  return {
    tracks,
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
  } as unknown as FakeCamera;
}

/** A promise with its resolve and reject in hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
