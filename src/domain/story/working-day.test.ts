import { describe, expect, it } from 'vitest';
import {
  changesRevision,
  listOrderFor,
  nextWorkflowFields,
  publishAtProblem,
  reviewOutcome,
  wasUpdatedAfterPublishing,
} from './working-day.ts';

const NOW = '2026-11-23T05:00:00.000Z';
const LATER = '2026-11-23T06:00:00.000Z';
const EARLIER = '2026-11-23T04:00:00.000Z';

describe('publishAtProblem', () => {
  it('needs a time in the future for a scheduled story', () => {
    expect(publishAtProblem('scheduled', null, NOW)).toBe('Choose when the story should be published');
    expect(publishAtProblem('scheduled', EARLIER, NOW)).toBe('Choose a time in the future');
    expect(publishAtProblem('scheduled', NOW, NOW)).toBe('Choose a time in the future');
    expect(publishAtProblem('scheduled', LATER, NOW)).toBeNull();
  });

  it('lets a story in review ask for a future time, or none', () => {
    expect(publishAtProblem('in_review', null, NOW)).toBeNull();
    expect(publishAtProblem('in_review', LATER, NOW)).toBeNull();
    expect(publishAtProblem('in_review', EARLIER, NOW)).toBe('Choose a time in the future');
  });

  it('ignores the time for other statuses', () => {
    expect(publishAtProblem('published', EARLIER, NOW)).toBeNull();
    expect(publishAtProblem('draft', EARLIER, NOW)).toBeNull();
  });
});

describe('nextWorkflowFields', () => {
  const stored = { status: 'draft' as const, publishAt: null, reviewNote: 'Check the figures', submittedAt: null };

  it('keeps the publish time only for scheduled stories and stories in review', () => {
    expect(nextWorkflowFields(null, 'scheduled', LATER, NOW).publishAt).toBe(LATER);
    expect(nextWorkflowFields(null, 'in_review', LATER, NOW).publishAt).toBe(LATER);
    expect(nextWorkflowFields(null, 'published', LATER, NOW).publishAt).toBeNull();
    expect(nextWorkflowFields(null, 'draft', LATER, NOW).publishAt).toBeNull();
  });

  it('keeps a review note while the story is a draft or back in review, and drops it once it goes out', () => {
    expect(nextWorkflowFields(stored, 'draft', null, NOW).reviewNote).toBe('Check the figures');
    expect(nextWorkflowFields(stored, 'in_review', null, NOW).reviewNote).toBe('Check the figures');
    expect(nextWorkflowFields(stored, 'published', null, NOW).reviewNote).toBeNull();
    expect(nextWorkflowFields(stored, 'scheduled', LATER, NOW).reviewNote).toBeNull();
  });

  it('stamps the time a story enters review and keeps it while it waits', () => {
    expect(nextWorkflowFields(stored, 'in_review', null, NOW).submittedAt).toBe(NOW);
    const waiting = { ...stored, status: 'in_review' as const, submittedAt: EARLIER };
    expect(nextWorkflowFields(waiting, 'in_review', null, NOW).submittedAt).toBe(EARLIER);
    expect(nextWorkflowFields(waiting, 'draft', null, NOW).submittedAt).toBeNull();
  });
});

describe('reviewOutcome', () => {
  it('publishes an approved story now, keeping a first publication time', () => {
    expect(reviewOutcome({ publishedAt: null, publishAt: null }, 'approve', null, NOW)).toMatchObject({
      status: 'published',
      publishedAt: NOW,
      reviewNote: null,
    });
    expect(reviewOutcome({ publishedAt: EARLIER, publishAt: null }, 'approve', null, NOW).publishedAt).toBe(EARLIER);
  });

  it('schedules an approved story whose asked-for time is still ahead, and publishes it now when that time has passed', () => {
    expect(reviewOutcome({ publishedAt: null, publishAt: LATER }, 'approve', null, NOW)).toMatchObject({
      status: 'scheduled',
      publishAt: LATER,
      publishedAt: null,
    });
    expect(reviewOutcome({ publishedAt: null, publishAt: EARLIER }, 'approve', null, NOW)).toMatchObject({
      status: 'published',
      publishAt: null,
      publishedAt: NOW,
    });
  });

  it('sends a story back as a draft with the note', () => {
    expect(reviewOutcome({ publishedAt: null, publishAt: LATER }, 'return', 'Source the quote', NOW)).toMatchObject({
      status: 'draft',
      reviewNote: 'Source the quote',
      publishAt: null,
      submittedAt: null,
    });
  });
});

describe('changesRevision', () => {
  const story = { title: 'T', description: 'D', content: '<p>C</p>', slug: 't', status: 'draft' as const, videoUrl: null };

  it('is true when the text, slug, status or video changes', () => {
    expect(changesRevision(story, { ...story, content: '<p>C!</p>' })).toBe(true);
    expect(changesRevision(story, { ...story, slug: 't-2' })).toBe(true);
    expect(changesRevision(story, { ...story, status: 'published' })).toBe(true);
    expect(changesRevision(story, { ...story, videoUrl: 'https://example.com/v.mp4' })).toBe(true);
  });

  it('is false when none of them does', () => {
    expect(changesRevision(story, { ...story })).toBe(false);
  });
});

describe('wasUpdatedAfterPublishing', () => {
  it('is true only for a published story written to after its publication', () => {
    expect(wasUpdatedAfterPublishing({ publishedAt: NOW, updatedAt: NOW })).toBe(false);
    expect(wasUpdatedAfterPublishing({ publishedAt: NOW, updatedAt: LATER })).toBe(true);
    expect(wasUpdatedAfterPublishing({ publishedAt: null, updatedAt: LATER })).toBe(false);
  });
});

describe('listOrderFor', () => {
  it('orders the review queue oldest submission first, scheduled stories soonest first, anything else newest first', () => {
    expect(listOrderFor('in_review', false)).toBe('review-queue');
    expect(listOrderFor('scheduled', false)).toBe('schedule');
    expect(listOrderFor('published', false)).toBe('published');
    expect(listOrderFor(undefined, true)).toBe('published');
    expect(listOrderFor(undefined, false)).toBe('newest');
    expect(listOrderFor('draft', false)).toBe('newest');
  });
});
