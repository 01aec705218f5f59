/** Small helpers over a camera-and-microphone MediaStream. */

export type TrackKind = 'video' | 'audio';

/** Turns the camera or the microphone off or on without giving the device up (the preview and recording go on, dark or silent). */
export function setTracksEnabled(stream: MediaStream, kind: TrackKind, enabled: boolean): void {
  for (const track of kind === 'video' ? stream.getVideoTracks() : stream.getAudioTracks()) track.enabled = enabled;
}

/** The camera and microphone switches of a session whose state holds its stream and both flags. */
export function trackSwitches(store: {
  get(): { camera: MediaStream | null };
  set(next: { cameraOn: boolean } | { microphoneOn: boolean }): void;
}) {
  const toggle = (kind: TrackKind, on: boolean, flag: { cameraOn: boolean } | { microphoneOn: boolean }) => {
    const { camera } = store.get();
    if (!camera) return;
    setTracksEnabled(camera, kind, on);
    store.set(flag);
  };
  return {
    setCamera: (on: boolean) => toggle('video', on, { cameraOn: on }),
    setMicrophone: (on: boolean) => toggle('audio', on, { microphoneOn: on }),
  };
}

/** Gives the camera and microphone back (the browser's "in use" light goes off). */
export function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** "0:07", "12:30", "1:02:03" for a number of seconds. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** What went wrong opening the camera, in words a reporter can act on. */
export function cameraErrorText(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'The browser was not allowed to use the camera and microphone. Allow them for this site and try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera or microphone was found.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera or microphone is busy in another application.';
    default:
      return typeof navigator !== 'undefined' && !navigator.mediaDevices
        ? 'This page cannot use the camera: it needs a secure (https) connection.'
        : 'The camera and microphone could not be started.';
  }
}
