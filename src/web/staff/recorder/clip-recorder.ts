import { LIVE_MIME_TYPES } from '../live-studio/live-publisher.ts';

/**
 * Records a clip from the camera with MediaRecorder. docs/product/rules.md#limits-and-constants saves WebM (VP9 where the
 * browser has it); Safari records only MP4, which the server accepts too (issue 5).
 */
export const CLIP_MIME_TYPES = [...LIVE_MIME_TYPES, 'video/mp4'] as const;

export function clipMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return CLIP_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

export class RecorderUnavailableError extends Error {
  constructor() {
    super('This browser cannot record video');
    this.name = 'RecorderUnavailableError';
  }
}

export interface ClipRecording {
  readonly mimeType: string;
  /** Stops recording; resolves with the whole clip. */
  stop(): Promise<Blob>;
}

/** Starts recording `stream` now. Data is collected every `timesliceMs` so a long clip is not one huge buffer at the end. */
export function startClipRecording(stream: MediaStream, timesliceMs = 1000): ClipRecording {
  const mimeType = clipMimeType();
  if (!mimeType) throw new RecorderUnavailableError();
  const recorder = new MediaRecorder(stream, { mimeType });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<Blob>((resolve) => {
    recorder.onstop = () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType }));
  });
  recorder.start(timesliceMs);
  return {
    mimeType,
    stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      return stopped;
    },
  };
}

/** docs/product/rules.md#story-content: the upload's file is named by its timestamp (webm, or mp4 from Safari). */
export function clipFile(clip: Blob, now: number = Date.now()): File {
  const extension = clip.type.includes('mp4') ? 'mp4' : 'webm';
  return new File([clip], `${now}.${extension}`, { type: clip.type || `video/${extension}`, lastModified: now });
}
