import type { LiveStream } from '../../domain/live-video/entities.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';

/**
 * Values for the services' Node tests (in-memory fakes of the ports live in each test: only what
 * the use case calls). Made with defaults, overridden where a test cares.
 */
export const NOW = '2026-05-01T12:00:00.000Z';

export const fixedClock = { now: () => NOW };

export function aUser(patch: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'maya',
    email: 'maya@example.com',
    role: 'reporter',
    isActive: true,
    firstName: 'Maya',
    lastName: 'Okafor',
    bio: null,
    xHandle: null,
    createdAt: NOW,
    ...patch,
  };
}

export function aStory(patch: Partial<Story> = {}): Story {
  return {
    id: 10,
    title: 'Levee breach',
    slug: 'levee-breach',
    description: 'Water over the levee',
    content: '<p>Water</p>',
    authorId: 1,
    beatId: null,
    status: 'published',
    access: 'public',
    isLive: false,
    isFeatured: false,
    featuredImageUrl: null,
    featuredImageAlt: null,
    featuredImageCaption: null,
    featuredImageCredit: null,
    videoUrl: null,
    thumbnailUrl: null,
    attachments: [],
    views: 0,
    version: 1,
    publishedAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
    publishAt: null,
    reviewNote: null,
    submittedAt: null,
    corrections: [],
    author: { id: 1, firstName: 'Maya', lastName: 'Okafor', username: 'maya' },
    beat: null,
    format: 'article',
    coverage: null,
    coverageEndedAt: null,
    ...patch,
  };
}

export function aStream(patch: Partial<LiveStream> = {}): LiveStream {
  return {
    id: 5,
    storyId: 10,
    streamKey: 'key',
    isActive: true,
    viewers: 0,
    startedAt: NOW,
    endedAt: null,
    createdAt: NOW,
    ...patch,
  };
}
