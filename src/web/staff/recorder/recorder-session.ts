import type { Story } from '../../../domain/story/entities.ts';
import type { StoredMedia } from '../../../domain/media/answers.ts';
import type { VideoCategory } from '../../../domain/media/schemas.ts';
import { messages } from '../../../domain/messages.ts';
import { cameraErrorText, stopTracks, trackSwitches } from '../camera/media-tracks.ts';
import { createSessionStore, type SessionStore } from '../camera/session-store.ts';
import type { UploadOptions, UploadProgress } from '../uploads/upload-file.ts';
import type { ToastInput } from '../../ui/toast/toast-store.ts';
import type { ClipRecording } from './clip-recorder.ts';

/**
 * The Record tab's state machine (docs/product/rules.md): idle -> previewing (camera and microphone
 * can each be toggled) -> recording -> a recorded clip, which plays back and uploads with a title,
 * description and category as a draft story. Framework-free: the panel renders the state, and the
 * session outlives the panel so a tab switch loses neither a clip nor an upload.
 */

/** docs/product/notices.md, word for word. */
export const RECORDER_NOTICES = {
  uploaded: 'Video uploaded successfully!',
  uploadFailed: 'Failed to upload video',
  cameraFailed: 'Could not access camera/microphone',
  incomplete: messages.recorderUploadIncomplete,
} as const;

export type RecorderPhase = 'idle' | 'opening' | 'previewing' | 'recording' | 'finishing' | 'recorded';

export interface RecordedClip {
  /** Named by its timestamp once, so a failed upload sent again resumes rather than starting over. */
  file: File;
  /** An object URL for playing it back. */
  url: string;
  seconds: number;
}

export type ClipUpload =
  | { state: 'idle' }
  | { state: 'uploading'; progress: UploadProgress | null }
  | { state: 'done'; story: Story | null; url: string }
  | { state: 'failed'; message: string };

export interface RecorderForm {
  title: string;
  description: string;
  category: VideoCategory;
}

export interface RecorderState {
  phase: RecorderPhase;
  camera: MediaStream | null;
  cameraOn: boolean;
  microphoneOn: boolean;
  recordingSince: number | null;
  clip: RecordedClip | null;
  form: RecorderForm;
  upload: ClipUpload;
  /** Why the camera or the recording could not start. */
  problem: string | null;
}

export interface RecorderDeps {
  openCamera(): Promise<MediaStream>;
  startRecording(stream: MediaStream): ClipRecording;
  /** Gives a MediaRecorder recording (MP4 or WebM) its duration and seek index (fixRecordingDuration). */
  fixDuration(clip: Blob): Promise<Blob>;
  toFile(clip: Blob): File;
  upload(file: File, options: Pick<UploadOptions, 'kind' | 'fields' | 'onProgress' | 'signal'>): Promise<StoredMedia>;
  objectUrls: { create(blob: Blob): string; revoke(url: string): void };
  notify(notice: ToastInput): void;
  /** A draft story was made: the story lists and the reporter's figures are out of date. */
  refresh(): void;
  now(): number;
}

export const EMPTY_FORM: RecorderForm = { title: '', description: '', category: 'breaking' };

const INITIAL: RecorderState = {
  phase: 'idle',
  camera: null,
  cameraOn: true,
  microphoneOn: true,
  recordingSince: null,
  clip: null,
  form: EMPTY_FORM,
  upload: { state: 'idle' },
  problem: null,
};

/** "413: The file is too large" from an upload failure (the server's message, not its JSON). */
export function uploadFailureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { status, body } = error as Error & { status?: number; body?: unknown };
  const serverMessage = (body as { error?: { message?: unknown } } | null | undefined)?.error?.message;
  if (typeof status === 'number' && typeof serverMessage === 'string') return `${status}: ${serverMessage}`;
  if (status === 0) return 'The connection to the server was lost.';
  return error.message;
}

export interface RecorderSession extends SessionStore<RecorderState> {
  startCamera(): Promise<void>;
  setCamera(on: boolean): void;
  setMicrophone(on: boolean): void;
  startRecording(): void;
  stopRecording(): Promise<void>;
  /** Drops the clip and opens the camera again. */
  recordAgain(): Promise<void>;
  setForm(patch: Partial<RecorderForm>): void;
  upload(): Promise<void>;
  cancelUpload(): void;
  /** After an upload: a clean slate for the next clip. */
  startOver(): void;
  /** The panel is going away: give the camera back, finishing a recording in progress as a clip. */
  release(): void;
}

export function createRecorderSession(deps: RecorderDeps): RecorderSession {
  const store = createSessionStore<RecorderState>(INITIAL);
  let recording: ClipRecording | null = null;
  let uploadAbort: AbortController | null = null;
  /** Which camera request is the current one: an older answer that arrives late is given back. */
  let cameraRequest = 0;

  const dropClip = () => {
    const { clip } = store.get();
    if (clip) deps.objectUrls.revoke(clip.url);
    store.set({ clip: null, upload: { state: 'idle' } });
  };

  const closeCamera = () => {
    stopTracks(store.get().camera);
    store.set({ camera: null, cameraOn: true, microphoneOn: true });
  };

  const session: RecorderSession = {
    ...store,

    async startCamera() {
      const { phase } = store.get();
      if (phase !== 'idle') return;
      const request = ++cameraRequest;
      store.set({ phase: 'opening', problem: null });
      try {
        const camera = await deps.openCamera();
        // Released (or asked again) while the browser was asking the reporter.
        if (request !== cameraRequest || store.get().phase !== 'opening') return stopTracks(camera);
        store.set({ phase: 'previewing', camera, cameraOn: true, microphoneOn: true });
      } catch (error) {
        if (request !== cameraRequest || store.get().phase !== 'opening') return;
        store.set({ phase: 'idle', problem: cameraErrorText(error) });
        deps.notify({ title: RECORDER_NOTICES.cameraFailed, variant: 'destructive' });
      }
    },

    ...trackSwitches(store),

    startRecording() {
      const { phase, camera } = store.get();
      if (phase !== 'previewing' || !camera) return;
      try {
        recording = deps.startRecording(camera);
      } catch (error) {
        store.set({ problem: error instanceof Error ? error.message : String(error) });
        deps.notify({
          title: 'Could not start recording',
          description: error instanceof Error ? error.message : undefined,
          variant: 'destructive',
        });
        return;
      }
      store.set({ phase: 'recording', recordingSince: deps.now(), problem: null });
    },

    async stopRecording() {
      const { phase, recordingSince } = store.get();
      if (phase !== 'recording' || !recording) return;
      const current = recording;
      recording = null;
      store.set({ phase: 'finishing' });
      const raw = await current.stop();
      const seconds = recordingSince === null ? 0 : (deps.now() - recordingSince) / 1000;
      closeCamera();
      let clip = raw;
      try {
        clip = await deps.fixDuration(raw);
      } catch {
        // The clip still plays; it only lacks a length until the browser has read it all.
      }
      const file = deps.toFile(clip);
      store.set({
        phase: 'recorded',
        recordingSince: null,
        clip: { file, url: deps.objectUrls.create(file), seconds },
        upload: { state: 'idle' },
      });
    },

    async recordAgain() {
      const { phase, upload } = store.get();
      if (phase !== 'recorded' || upload.state === 'uploading') return;
      dropClip();
      store.set({ phase: 'idle' });
      await session.startCamera();
    },

    setForm(patch) {
      store.set((state) => ({ ...state, form: { ...state.form, ...patch } }));
    },

    async upload() {
      const { clip, form, upload } = store.get();
      // One story per clip: after a successful upload only "record again" or "start over" go on.
      if (upload.state === 'uploading' || upload.state === 'done') return;
      const title = form.title.trim();
      if (!clip || !title) {
        deps.notify({ title: RECORDER_NOTICES.incomplete, variant: 'destructive' });
        return;
      }
      const controller = new AbortController();
      uploadAbort = controller;
      store.set({ upload: { state: 'uploading', progress: null } });
      try {
        const stored = await deps.upload(clip.file, {
          kind: 'video',
          fields: { title, description: form.description.trim(), category: form.category },
          signal: controller.signal,
          onProgress: (progress) =>
            store.set((state) => (state.upload.state === 'uploading' ? { ...state, upload: { state: 'uploading', progress } } : state)),
        });
        store.set({ upload: { state: 'done', story: stored.story ?? null, url: stored.url } });
        deps.notify({ title: RECORDER_NOTICES.uploaded, variant: 'success' });
        deps.refresh();
      } catch (error) {
        if (controller.signal.aborted) {
          store.set({ upload: { state: 'idle' } });
          return;
        }
        store.set({ upload: { state: 'failed', message: uploadFailureText(error) } });
        deps.notify({ title: RECORDER_NOTICES.uploadFailed, variant: 'destructive' });
      } finally {
        if (uploadAbort === controller) uploadAbort = null;
      }
    },

    cancelUpload() {
      uploadAbort?.abort();
    },

    startOver() {
      if (store.get().upload.state === 'uploading') return;
      dropClip();
      store.set({ phase: 'idle', form: EMPTY_FORM, problem: null });
    },

    release() {
      const { phase } = store.get();
      if (phase === 'opening') {
        cameraRequest++;
        store.set({ phase: 'idle' });
      } else if (phase === 'previewing') {
        closeCamera();
        store.set({ phase: 'idle' });
      } else if (phase === 'recording') void session.stopRecording();
    },
  };
  return session;
}
