import { extensionFor, recorderOptions, recordingMimeType } from '../camera/recording-format.ts';

/**
 * Records a clip from the camera with MediaRecorder, in the most widely playable format the
 * browser records (fragmented MP4 with H.264, else WebM: camera/recording-format.ts, decision 040),
 * asking for a keyframe every second as the live publisher does. The server stores either as it is.
 */
export const clipMimeType = recordingMimeType;

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
  const recorder = new MediaRecorder(stream, recorderOptions(mimeType));
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

/** docs/product/rules.md#story-content: the upload's file is named by its timestamp (mp4 or webm, as recorded). */
export function clipFile(clip: Blob, now: number = Date.now()): File {
  const extension = extensionFor(clip.type);
  return new File([clip], `${now}.${extension}`, { type: clip.type || `video/${extension}`, lastModified: now });
}
