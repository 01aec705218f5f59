import { describe, expect, it } from 'vitest';
import { DEFAULT_STORY_STATUS, STORY_STATUSES, isPubliclyVisible, nextPublishedAt, statusLabel } from './story.ts';

const FIRST = '2025-01-01T10:00:00.000Z';
const LATER = '2025-02-01T10:00:00.000Z';

describe('nextPublishedAt', () => {
  it('stays unset while a story has never been published', () => {
    expect(nextPublishedAt(null, 'draft', LATER)).toBeNull();
    expect(nextPublishedAt(null, 'archived', LATER)).toBeNull();
  });

  it('is set to now the first time a story becomes published', () => {
    expect(nextPublishedAt(null, 'published', FIRST)).toBe(FIRST);
  });

  it('keeps the first publication time on later saves, whatever the status', () => {
    expect(nextPublishedAt(FIRST, 'published', LATER)).toBe(FIRST);
    expect(nextPublishedAt(FIRST, 'draft', LATER)).toBe(FIRST);
    expect(nextPublishedAt(FIRST, 'archived', LATER)).toBe(FIRST);
  });

  it('walks a story through draft, published, archived and published again', () => {
    let publishedAt: string | null = null;
    publishedAt = nextPublishedAt(publishedAt, 'draft', '2025-01-01T00:00:00.000Z');
    expect(publishedAt).toBeNull();
    publishedAt = nextPublishedAt(publishedAt, 'published', '2025-01-02T00:00:00.000Z');
    publishedAt = nextPublishedAt(publishedAt, 'archived', '2025-01-03T00:00:00.000Z');
    publishedAt = nextPublishedAt(publishedAt, 'published', '2025-01-04T00:00:00.000Z');
    expect(publishedAt).toBe('2025-01-02T00:00:00.000Z');
  });
});

describe('story statuses', () => {
  it('are draft, in review, scheduled, published and archived, draft by default', () => {
    expect(STORY_STATUSES).toEqual(['draft', 'in_review', 'scheduled', 'published', 'archived']);
    expect(DEFAULT_STORY_STATUS).toBe('draft');
  });

  it('show only published stories to the public', () => {
    expect(isPubliclyVisible({ authorId: 1, status: 'published' })).toBe(true);
    expect(isPubliclyVisible({ authorId: 1, status: 'draft' })).toBe(false);
    expect(isPubliclyVisible({ authorId: 1, status: 'archived' })).toBe(false);
    expect(isPubliclyVisible({ authorId: 1, status: 'scheduled' })).toBe(false);
    expect(isPubliclyVisible({ authorId: 1, status: 'in_review' })).toBe(false);
  });
});

describe('statusLabel', () => {
  it('names every status in words, never as stored', () => {
    expect(STORY_STATUSES.map(statusLabel)).toEqual(['Draft', 'In review', 'Scheduled', 'Published', 'Archived']);
  });
});
