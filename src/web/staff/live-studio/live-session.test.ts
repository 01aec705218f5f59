import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveStream } from '../../../domain/live-video/entities.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { fakeCamera, type FakeCamera } from '../camera/fake-camera.test-helper.ts';
import type { LivePublisherOptions } from './live-publisher.ts';
import type { ToastInput } from '../../ui/toast/toast-store.ts';
import { createLiveSession, type LiveSessionDeps } from './live-session.ts';

const STREAM: LiveStream = {
  id: 41,
  storyId: 9,
  streamKey: 'k',
  isActive: true,
  viewers: 0,
  startedAt: '2026-01-01T00:00:00Z',
  endedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
};

function setup(overrides: Partial<LiveSessionDeps> = {}) {
  const cameras: FakeCamera[] = [];
  const notices: ToastInput[] = [];
  const calls: string[] = [];
  let publisher: LivePublisherOptions | null = null;
  const deps: LiveSessionDeps = {
    openCamera: async () => {
      const camera = fakeCamera();
      cameras.push(camera);
      return camera;
    },
    canPublish: () => true,
    startStream: vi.fn(async () => STREAM),
    endStream: vi.fn(async () => {
      calls.push('endStream');
      return { ...STREAM, isActive: false };
    }),
    startPublisher: vi.fn((options: LivePublisherOptions) => {
      publisher = options;
      return {
        stop: async () => {
          calls.push('publisher.stop');
        },
      };
    }),
    loadStory: vi.fn(
      async (id: number) =>
        ({ id, title: 'Levee watch', slug: 'levee-watch', status: 'published', videoUrl: '/media/live/41.webm' }) as Story,
    ),
    notify: (notice) => notices.push(notice),
    refresh: vi.fn(),
    guardUnload: vi.fn(),
    now: () => 5_000,
    ...overrides,
  };
  const session = createLiveSession(deps);
  return { session, deps, cameras, notices, calls, publisher: () => publisher! };
}

async function goLive(t: ReturnType<typeof setup>) {
  t.session.setTitle('Levee watch');
  await t.session.goLive();
  t.publisher().onState?.('live');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the live-stream session', () => {
  it('will not start without a title: "Title required"', async () => {
    const t = setup();
    t.session.setTitle('   ');
    await t.session.goLive();
    expect(t.notices).toEqual([{ title: 'Title required', description: 'Please enter a title for your stream', variant: 'destructive' }]);
    expect(t.deps.startStream).not.toHaveBeenCalled();
    expect(t.cameras).toHaveLength(0);
  });

  it('starts the camera: "Camera started"; a refusal is "Camera access denied"', async () => {
    const t = setup();
    await t.session.startCamera();
    expect(t.session.get().phase).toBe('preview');
    expect(t.notices).toEqual([{ title: 'Camera started', description: 'Ready to begin streaming', variant: 'success' }]);

    const refused = setup({ openCamera: async () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    refused.session.setTitle('Levee watch');
    await refused.session.goLive();
    expect(refused.session.get().phase).toBe('idle');
    expect(refused.notices).toEqual([
      { title: 'Camera access denied', description: 'Please allow camera and microphone access to stream', variant: 'destructive' },
    ]);
    expect(refused.deps.startStream).not.toHaveBeenCalled();
  });

  it('goes live: creates the stream, publishes the camera to it, then says "Stream started" and counts viewers', async () => {
    const t = setup();
    t.session.setTitle('  Levee watch ');
    await t.session.goLive();
    expect(t.deps.startStream).toHaveBeenCalledWith('Levee watch');
    expect(t.session.get()).toMatchObject({ phase: 'starting', stream: { id: 41 } });
    expect(t.publisher().streamId).toBe(41);
    expect(t.publisher().stream).toBe(t.cameras[0]);
    expect(t.deps.guardUnload).toHaveBeenCalledWith(true);

    t.publisher().onState?.('live');
    expect(t.session.get()).toMatchObject({ phase: 'live', liveSince: 5_000, connection: 'live' });
    expect(t.notices.at(-1)).toEqual({
      title: 'Stream started',
      description: 'You are now live! Video is being recorded.',
      variant: 'success',
    });
    t.publisher().onViewers?.(3);
    expect(t.session.get().viewers).toBe(3);
    t.publisher().onState?.('reconnecting');
    expect(t.session.get()).toMatchObject({ phase: 'live', connection: 'reconnecting' });
  });

  it('shows the error with its status code when the stream cannot be created: "Stream creation failed"', async () => {
    const t = setup({ startStream: async () => Promise.reject(new Error('403: {"error":{"code":"forbidden"}}')) });
    t.session.setTitle('Levee watch');
    await t.session.goLive();
    expect(t.session.get().phase).toBe('preview');
    expect(t.notices.at(-1)).toEqual({
      title: 'Stream creation failed',
      description: '403: {"error":{"code":"forbidden"}}',
      variant: 'destructive',
    });
    expect(t.deps.startPublisher).not.toHaveBeenCalled();
  });

  it('says "Stream failed" and closes the new stream when publishing never gets going', async () => {
    const t = setup();
    t.session.setTitle('Levee watch');
    await t.session.goLive();
    t.publisher().onState?.('failed', 'The server could not read the camera’s video');
    expect(t.session.get()).toMatchObject({ phase: 'preview', stream: null, problem: 'The server could not read the camera’s video' });
    expect(t.notices.at(-1)).toEqual({ title: 'Stream failed', description: 'Could not start live stream', variant: 'destructive' });
    await vi.waitFor(() => expect(t.deps.endStream).toHaveBeenCalledWith(41));
    expect(t.deps.guardUnload).toHaveBeenLastCalledWith(false);
  });

  it('says "Stream failed" when the room does not answer in time', async () => {
    vi.useFakeTimers();
    const t = setup({ startTimeoutMs: 1_000 });
    t.session.setTitle('Levee watch');
    await t.session.goLive();
    vi.advanceTimersByTime(1_000);
    expect(t.session.get().phase).toBe('preview');
    expect(t.notices.at(-1)?.title).toBe('Stream failed');
    expect(t.deps.endStream).toHaveBeenCalledWith(41);
  });

  it('does not create a stream in a browser that can record neither MP4 nor WebM', async () => {
    const t = setup({ canPublish: () => false });
    t.session.setTitle('Levee watch');
    await t.session.goLive();
    expect(t.deps.startStream).not.toHaveBeenCalled();
    expect(t.notices.at(-1)?.title).toBe('Stream failed');
    expect(t.session.get().problem).toMatch(/cannot record the MP4 or WebM video/);
  });

  it('ends: waits for the publisher to hand over every byte, ends the stream, and finds the recording saved', async () => {
    const t = setup();
    await goLive(t);
    await t.session.end();
    expect(t.calls).toEqual(['publisher.stop', 'endStream']);
    expect(t.cameras[0]!.tracks.every((track) => track.stopped)).toBe(true);
    expect(t.deps.loadStory).toHaveBeenCalledWith(9);
    expect(t.session.get()).toMatchObject({ phase: 'ended', outcome: { videoSaved: true, story: { id: 9 } }, viewers: 0 });
    expect(t.notices.at(-1)).toEqual({
      title: 'Stream ended',
      description: 'Your live stream has been stopped and video saved',
      variant: 'success',
    });
    expect(t.deps.refresh).toHaveBeenCalled();
    expect(t.deps.guardUnload).toHaveBeenLastCalledWith(false);
  });

  it('says "Upload failed" when the ended story has no recording', async () => {
    const t = setup({ loadStory: async (id) => ({ id, title: 'Levee watch', videoUrl: null }) as Story });
    await goLive(t);
    await t.session.end();
    expect(t.session.get().outcome).toMatchObject({ videoSaved: false });
    expect(t.notices.at(-1)).toEqual({ title: 'Upload failed', description: 'Could not save stream recording', variant: 'destructive' });
  });

  it('says "Error ending stream" when ending fails, and ending again works', async () => {
    let fail = true;
    const t = setup({
      endStream: async () => {
        if (fail) throw new Error('503: busy');
        return { ...STREAM, isActive: false };
      },
    });
    await goLive(t);
    await t.session.end();
    expect(t.session.get().phase).toBe('end-failed');
    expect(t.notices.at(-1)).toEqual({ title: 'Error ending stream', description: 'Please try again', variant: 'destructive' });
    fail = false;
    await t.session.end();
    expect(t.session.get().phase).toBe('ended');
  });

  it('follows a stream ended elsewhere (the room closed it) to the ended state', async () => {
    const t = setup();
    await goLive(t);
    t.publisher().onState?.('ended', 'The stream was ended');
    await vi.waitFor(() => expect(t.session.get().phase).toBe('ended'));
    expect(t.session.get().outcome?.videoSaved).toBe(true);
    expect(t.deps.endStream).not.toHaveBeenCalled();
  });

  it('keeps streaming when the panel goes away, but gives a previewing camera back', async () => {
    const t = setup();
    await goLive(t);
    t.session.release();
    expect(t.session.get().phase).toBe('live');
    expect(t.cameras[0]!.tracks.some((track) => track.stopped)).toBe(false);

    const u = setup();
    await u.session.startCamera();
    u.session.release();
    expect(u.session.get()).toMatchObject({ phase: 'idle', camera: null });
    expect(u.cameras[0]!.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('starts over for a new stream after one ended', async () => {
    const t = setup();
    await goLive(t);
    await t.session.end();
    t.session.newStream();
    expect(t.session.get()).toMatchObject({ phase: 'idle', stream: null, outcome: null, title: '' });
  });
});
