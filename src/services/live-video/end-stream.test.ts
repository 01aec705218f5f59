import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import type { LiveStream } from '../../domain/live-video/entities.ts';
import { aStory, aStream, aUser } from '../support/fakes.ts';
import { endStream } from './end-stream.ts';
import { streamToPublish } from './publish-stream.ts';

/** One stream (id 5) on a story (id 10) by user 1; `deleted`: the story was deleted meanwhile. */
function world({ deleted = false, active = true } = {}) {
  let stream: LiveStream = aStream({ isActive: active });
  const ended: [number, number | null | undefined][] = [];
  const deps: Parameters<typeof endStream>[0] = {
    liveStreams: { findById: async (id) => (id === stream.id ? stream : null) },
    stories: {
      findById: async (id) => (id === 10 && !deleted ? aStory() : null),
      findDeletedFacts: async (id) => (id === 10 && deleted ? { authorId: 1, status: 'published' } : null),
    },
    liveRooms: {
      open: async () => {},
      end: async (id, by) => {
        ended.push([id, by]);
        stream = { ...stream, isActive: false, endedAt: '2026-05-01T13:00:00.000Z' };
        return { videoUrl: null, size: 0 };
      },
    },
  };
  return { deps, ended };
}

const author = aUser({ id: 1 });
const otherReporter = aUser({ id: 2, username: 'dan' });
const admin = aUser({ id: 3, role: 'admin', username: 'ed' });

describe('endStream', () => {
  it('lets its reporter end it, and answers the stream as it stands after', async () => {
    const { deps, ended } = world();
    expect(await endStream(deps, author, 5)).toMatchObject({ id: 5, isActive: false });
    expect(ended).toEqual([[5, 1]]);
  });

  it('lets an admin end it, also when its story was deleted meanwhile', async () => {
    const { deps, ended } = world({ deleted: true });
    await endStream(deps, admin, 5);
    expect(ended).toEqual([[5, 3]]);
  });

  it('refuses another reporter, and an unknown stream is not found', async () => {
    const { deps, ended } = world();
    await expect(endStream(deps, otherReporter, 5)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(endStream(deps, author, 6)).rejects.toBeInstanceOf(NotFoundError);
    expect(ended).toEqual([]);
  });
});

describe('streamToPublish', () => {
  it('is its own reporter’s only, not even an admin’s', async () => {
    const { deps } = world();
    expect(await streamToPublish(deps, author, 5)).toMatchObject({ id: 5 });
    await expect(streamToPublish(deps, admin, 5)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('refuses a stream that has ended', async () => {
    const { deps } = world({ active: false });
    await expect(streamToPublish(deps, author, 5)).rejects.toBeInstanceOf(ConflictError);
  });
});
