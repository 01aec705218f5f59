import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/errors.ts';
import type { LiveStream } from '../../domain/live-video/entities.ts';
import type { LiveRoomSettings } from '../../domain/live-video/ports.ts';
import type { Story } from '../../domain/story/entities.ts';
import { aStory, aStream, aUser, fixedClock, NOW } from '../support/fakes.ts';
import { startStream, type StartStreamDeps } from './start-stream.ts';

/** The ports a start touches, in memory, and what happened to them. */
function world({ roomFails = false, liveBlog = false } = {}) {
  const stories = new Map<number, Story>();
  if (liveBlog) stories.set(10, aStory({ format: 'liveblog', coverage: 'live' }));
  const streams = new Map<number, LiveStream>();
  const log = {
    opened: [] as LiveRoomSettings[],
    softDeleted: [] as number[],
    videoLive: [] as [number, boolean][],
    ended: [] as number[],
  };
  const deps: StartStreamDeps = {
    clock: fixedClock,
    beats: { findById: async (id) => (id === 3 ? { id: 3, name: 'Local', slug: 'local', description: null, createdAt: NOW } : null) },
    stories: {
      findById: async (id) => stories.get(id) ?? null,
      slugsLike: async () => new Set(),
      create: async (write) => {
        const story = aStory({ ...write, id: 20, corrections: [] });
        stories.set(story.id, story);
        return story;
      },
      softDelete: async (id) => {
        log.softDeleted.push(id);
        return stories.delete(id);
      },
    },
    liveBlogs: {
      setVideoLive: async (id, live) => {
        log.videoLive.push([id, live]);
        return true;
      },
    },
    liveStreams: {
      create: async (stream) => {
        const created = aStream({ id: 5, ...stream });
        streams.set(created.id, created);
        return created;
      },
      end: async (id) => {
        log.ended.push(id);
        return streams.get(id) ?? null;
      },
    },
    liveRooms: {
      open: async (settings) => {
        if (roomFails) throw new Error('room unreachable');
        log.opened.push(settings);
      },
      end: async () => ({ videoUrl: null, size: 0 }),
    },
  };
  return { deps, stories, streams, log };
}

const reporter = aUser();
const input = { title: 'Flood live', description: null, beatId: null };

describe('startStream', () => {
  it('publishes a live story for the stream and opens its room', async () => {
    const { deps, stories, log } = world();
    const stream = await startStream(deps, reporter, { story: input }, 'https://news.example');
    const story = stories.get(stream.storyId)!;
    expect(story).toMatchObject({
      title: 'Flood live',
      slug: 'flood-live',
      status: 'published',
      isLive: true,
      publishedAt: NOW,
      authorId: 1,
    });
    expect(story.description).toBe('Live video from Maya Okafor.');
    expect(stream.streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(log.opened).toEqual([
      {
        streamId: stream.id,
        recordingKey: expect.stringMatching(/^streams\/2026\/05\/[0-9a-f-]{36}\.webm$/),
        origin: 'https://news.example',
      },
    ]);
  });

  it('undoes the stream and the story when the room cannot be opened', async () => {
    const { deps, stories, log } = world({ roomFails: true });
    await expect(startStream(deps, reporter, { story: input }, 'https://news.example')).rejects.toThrow('room unreachable');
    expect(log.ended).toEqual([5]);
    expect(log.softDeleted).toEqual([20]);
    expect(stories.size).toBe(0);
  });

  it('takes a live blog off air again when its room cannot be opened, and deletes nothing', async () => {
    const { deps, log } = world({ roomFails: true, liveBlog: true });
    await expect(startStream(deps, reporter, { storyId: 10 }, 'https://news.example')).rejects.toThrow('room unreachable');
    expect(log.videoLive).toEqual([
      [10, true],
      [10, false],
    ]);
    expect(log.softDeleted).toEqual([]);
  });

  it('refuses a beat that does not exist before writing anything', async () => {
    const { deps, stories, log } = world();
    await expect(startStream(deps, reporter, { story: { ...input, beatId: 99 } }, 'https://news.example')).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(stories.size).toBe(0);
    expect(log.opened).toEqual([]);
  });
});
