/**
 * What the reporter's browser records, for live streams and Record-tab clips alike
 * (docs/decisions/040-live-mp4-from-the-recorder.md): the most widely playable format it can make.
 * Fragmented MP4 with H.264 first (every iPhone and every standard player reads it; AAC where the
 * browser has an encoder, as Safari and Chrome on macOS and Windows do, else Opus, as Chrome on
 * Linux records), then WebM as before (Firefox records nothing else).
 */
export const RECORDING_MIME_TYPES = [
  'video/mp4;codecs=avc1.64001F,mp4a.40.2',
  'video/mp4;codecs=avc1.42E01F,mp4a.40.2',
  'video/mp4;codecs=avc1.64001F,opus',
  'video/mp4;codecs=avc1,mp4a.40.2',
  'video/mp4',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

/**
 * A keyframe every second: each MP4 fragment then lasts about a second and starts on one (a join
 * point, an HLS segment of at most 2 s). Chromium honours it; a browser that does not puts
 * keyframes where it likes (Chromium without it: every ~5 s) and segments get that long (decision 040).
 */
export const KEYFRAME_INTERVAL_MS = 1000;

/** The first format of the list this browser records, or null (no MediaRecorder, or none of them). */
export function recordingMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return RECORDING_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/** MediaRecorder's options for `mimeType`; `videoKeyFrameIntervalDuration` is not in TypeScript's DOM types yet. */
export function recorderOptions(
  mimeType: string,
  videoBitsPerSecond?: number,
): MediaRecorderOptions & { videoKeyFrameIntervalDuration: number } {
  return { mimeType, videoKeyFrameIntervalDuration: KEYFRAME_INTERVAL_MS, ...(videoBitsPerSecond ? { videoBitsPerSecond } : {}) };
}

/** The file extension a recording of `type` gets. */
export function extensionFor(type: string): 'mp4' | 'webm' {
  return type.includes('mp4') ? 'mp4' : 'webm';
}
