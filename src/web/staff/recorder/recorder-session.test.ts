import { describe, expect, it, vi } from 'vitest';
import type { Story } from '../../../domain/story/entities.ts';
import type { StoredMedia } from '../../../domain/media/answers.ts';
import { deferred, fakeCamera, type FakeCamera } from '../camera/fake-camera.test-helper.ts';
import type { UploadOptions } from '../uploads/upload-file.ts';
import type { ToastInput } from '../../ui/toast/toast-store.ts';
import type { ClipRecording } from './clip-recorder.ts';
import { createRecorderSession, type RecorderDeps } from './recorder-session.ts';

function setup(overrides: Partial<RecorderDeps> = {}) {
  const cameras: FakeCamera[] = [];
  const notices: ToastInput[] = [];
  const uploads: { file: File; options: Pick<UploadOptions, 'kind' | 'fields' | 'onProgress' | 'signal'> }[] = [];
  const recorded = new Blob(['raw webm'], { type: 'video/webm' });
  const fixed = new Blob(['fixed webm'], { type: 'video/webm' });
  let now = 1_000;
  const deps: RecorderDeps = {
    openCamera: async () => {
      const camera = fakeCamera();
      cameras.push(camera);
      return camera;
    },
    startRecording: (): ClipRecording => ({ mimeType: 'video/webm', stop: async () => recorded }),
    fixDuration: vi.fn(async (clip: Blob) => (clip === recorded ? fixed : clip)),
    toFile: (clip) => new File([clip], '1700000000000.webm', { type: clip.type }),
    upload: vi.fn(async (file: File, options) => {
      uploads.push({ file, options });
      options.onProgress?.({ loaded: file.size, total: file.size, phase: 'finishing' });
      return {
        url: '/media/videos/clip.webm',
        key: 'videos/clip.webm',
        contentType: 'video/webm',
        size: file.size,
        story: { id: 7, title: 'Flood' } as Story,
      } satisfies StoredMedia;
    }),
    objectUrls: { create: () => 'blob:clip', revoke: vi.fn() },
    notify: (notice) => notices.push(notice),
    refresh: vi.fn(),
    now: () => now,
    ...overrides,
  };
  const session = createRecorderSession(deps);
  return { session, deps, cameras, notices, uploads, fixed, advance: (ms: number) => (now += ms) };
}

async function recordClip(t: ReturnType<typeof setup>, seconds = 3) {
  await t.session.startCamera();
  t.session.startRecording();
  t.advance(seconds * 1000);
  await t.session.stopRecording();
}

describe('the recorder session', () => {
  it('goes idle -> previewing -> recording -> recorded, fixing the clip and giving the camera back', async () => {
    const t = setup();
    expect(t.session.get().phase).toBe('idle');
    await t.session.startCamera();
    expect(t.session.get()).toMatchObject({ phase: 'previewing', cameraOn: true, microphoneOn: true });
    t.session.startRecording();
    expect(t.session.get()).toMatchObject({ phase: 'recording', recordingSince: 1_000 });
    t.advance(4_500);
    await t.session.stopRecording();
    const state = t.session.get();
    expect(state.phase).toBe('recorded');
    expect(state.camera).toBeNull();
    expect(t.cameras[0]!.tracks.every((track) => track.stopped)).toBe(true);
    expect(t.deps.fixDuration).toHaveBeenCalledOnce();
    expect(state.clip).toMatchObject({ url: 'blob:clip', seconds: 4.5 });
    expect(await state.clip!.file.text()).toBe(await t.fixed.text());
  });

  it('turns the camera and the microphone off and on during the preview', async () => {
    const t = setup();
    await t.session.startCamera();
    const [video, audio] = t.cameras[0]!.tracks;
    t.session.setCamera(false);
    expect(video!.enabled).toBe(false);
    expect(audio!.enabled).toBe(true);
    t.session.setMicrophone(false);
    expect(audio!.enabled).toBe(false);
    expect(t.session.get()).toMatchObject({ cameraOn: false, microphoneOn: false });
    t.session.setCamera(true);
    expect(video!.enabled).toBe(true);
    expect(video!.stopped).toBe(false);
  });

  it('says "Could not access camera/microphone" when the camera is refused', async () => {
    const t = setup({ openCamera: async () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    await t.session.startCamera();
    expect(t.session.get().phase).toBe('idle');
    expect(t.session.get().problem).toMatch(/not allowed/);
    expect(t.notices).toEqual([{ title: 'Could not access camera/microphone', variant: 'destructive' }]);
  });

  it('needs a clip and a non-blank title before it uploads', async () => {
    const t = setup();
    t.session.setForm({ title: 'Flood on Main Street' });
    await t.session.upload();
    await recordClip(t);
    t.session.setForm({ title: '   ' });
    await t.session.upload();
    expect(t.deps.upload).not.toHaveBeenCalled();
    expect(t.notices.map((n) => n.title)).toEqual([
      'Please provide a title and record a video',
      'Please provide a title and record a video',
    ]);
  });

  it('uploads the fixed clip with title, description and category, then refreshes the story lists', async () => {
    const t = setup();
    await recordClip(t);
    t.session.setForm({ title: '  Flood on Main Street ', description: ' Water rising ', category: 'local' });
    await t.session.upload();
    expect(t.uploads).toHaveLength(1);
    expect(t.uploads[0]!.file.name).toBe('1700000000000.webm');
    expect(t.uploads[0]!.options).toMatchObject({
      kind: 'video',
      fields: { title: 'Flood on Main Street', description: 'Water rising', category: 'local' },
    });
    expect(t.session.get().upload).toMatchObject({ state: 'done', url: '/media/videos/clip.webm', story: { id: 7 } });
    expect(t.notices).toEqual([{ title: 'Video uploaded successfully!', variant: 'success' }]);
    expect(t.deps.refresh).toHaveBeenCalledOnce();
  });

  it('reports progress while uploading', async () => {
    const gate = deferred<StoredMedia>();
    const t = setup({
      upload: async (file, options) => {
        options.onProgress?.({ loaded: 2, total: file.size, phase: 'uploading' });
        return gate.promise;
      },
    });
    await recordClip(t);
    t.session.setForm({ title: 'Flood' });
    const done = t.session.upload();
    expect(t.session.get().upload).toEqual({ state: 'uploading', progress: { loaded: 2, total: 10, phase: 'uploading' } });
    gate.resolve({ url: '/media/v', key: 'v', contentType: 'video/webm', size: 10 });
    await done;
    expect(t.session.get().upload).toMatchObject({ state: 'done', story: null });
  });

  it('says "Failed to upload video" with the server’s reason when the upload fails', async () => {
    const failure = Object.assign(new Error('413: {...}'), {
      status: 413,
      body: { error: { code: 'too_large', message: 'The video is larger than 2 GB' } },
    });
    const t = setup({ upload: async () => Promise.reject(failure) });
    await recordClip(t);
    t.session.setForm({ title: 'Flood' });
    await t.session.upload();
    expect(t.session.get().upload).toEqual({ state: 'failed', message: '413: The video is larger than 2 GB' });
    expect(t.notices).toEqual([{ title: 'Failed to upload video', variant: 'destructive' }]);
  });

  it('goes back quietly when the reporter cancels the upload', async () => {
    const t = setup({
      upload: (_file, options) =>
        new Promise((_resolve, reject) =>
          options.signal!.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))),
        ),
    });
    await recordClip(t);
    t.session.setForm({ title: 'Flood' });
    const done = t.session.upload();
    t.session.cancelUpload();
    await done;
    expect(t.session.get().upload).toEqual({ state: 'idle' });
    expect(t.notices).toEqual([]);
  });

  it('keeps a recording in progress as a clip when the panel goes away, and gives the camera back', async () => {
    const t = setup();
    await t.session.startCamera();
    t.session.startRecording();
    t.advance(2_000);
    t.session.release();
    await vi.waitFor(() => expect(t.session.get().phase).toBe('recorded'));
    expect(t.cameras[0]!.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('closes a previewing camera when the panel goes away, and one that answers after it went', async () => {
    const t = setup();
    await t.session.startCamera();
    t.session.release();
    expect(t.session.get().phase).toBe('idle');
    expect(t.cameras[0]!.tracks.every((track) => track.stopped)).toBe(true);

    const late = deferred<MediaStream>();
    const u = setup({ openCamera: () => late.promise });
    const opening = u.session.startCamera();
    u.session.release();
    const camera = fakeCamera();
    late.resolve(camera);
    await opening;
    expect(u.session.get()).toMatchObject({ phase: 'idle', camera: null });
    expect(camera.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('records again after dropping the clip, and starts over after an upload', async () => {
    const t = setup();
    await recordClip(t);
    await t.session.recordAgain();
    expect(t.session.get()).toMatchObject({ phase: 'previewing', clip: null });
    expect(t.deps.objectUrls.revoke).toHaveBeenCalledWith('blob:clip');
    t.session.startRecording();
    await t.session.stopRecording();
    t.session.setForm({ title: 'Flood' });
    await t.session.upload();
    t.session.startOver();
    expect(t.session.get()).toMatchObject({
      phase: 'idle',
      clip: null,
      upload: { state: 'idle' },
      form: { title: '', description: '', category: 'breaking' },
    });
  });
});
