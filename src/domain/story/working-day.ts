import type { Story } from './entities.ts';
import { messages } from '../messages.ts';
import type { StoryListOrder } from './ports.ts';
import type { StoryStatus } from './story.ts';

/**
 * The newsroom's working day (docs/product/api.md): scheduling, review and what counts as a new revision.
 * Pure rules; the caller passes the clock's time in.
 */

/** The scheduling and review columns a save writes beside the story's own fields. */
export interface WorkflowFields {
  publishAt: string | null;
  reviewNote: string | null;
  submittedAt: string | null;
}

/**
 * publishAt is required and in the future for a scheduled story; a story sent for review may carry
 * the time its author asks for (also in the future). Any other status has none. Returns the
 * message for fields.publishAt, or null when the time is fine.
 */
export function publishAtProblem(status: StoryStatus, publishAt: string | null, now: string): string | null {
  if (status === 'scheduled' && publishAt === null) return messages.publishAtRequired;
  if ((status === 'scheduled' || status === 'in_review') && publishAt !== null && Date.parse(publishAt) <= Date.parse(now)) {
    return messages.publishAtInFuture;
  }
  return null;
}

/**
 * The workflow columns after a save to `nextStatus`: the publish time kept only where it means
 * something, the review note kept while the story is still a draft or back in review (its author
 * reads it, then resubmits), the submission time set when the story enters review.
 */
export function nextWorkflowFields(
  current: (WorkflowFields & { status: StoryStatus }) | null,
  nextStatus: StoryStatus,
  publishAt: string | null,
  now: string,
): WorkflowFields {
  const keepsNote = nextStatus === 'draft' || nextStatus === 'in_review';
  const entersReview = nextStatus === 'in_review' && current?.status !== 'in_review';
  return {
    publishAt: nextStatus === 'scheduled' || nextStatus === 'in_review' ? publishAt : null,
    reviewNote: keepsNote ? (current?.reviewNote ?? null) : null,
    submittedAt: nextStatus !== 'in_review' ? null : entersReview ? now : (current?.submittedAt ?? now),
  };
}

/**
 * The order of a story list (docs/product/api-working-day.md): the review queue oldest submission
 * first, scheduled stories soonest first, so the first page always holds the most pressing ones.
 * A list of published stories only (asked for, or all a reader without a token may see) is newest
 * first by publication, as readers meet them (docs/product/api-pictures.md); any other newest first
 * by creation, as a newsroom's drafts are.
 */
export function listOrderFor(status: StoryStatus | undefined, publishedOnly: boolean): StoryListOrder {
  if (status === 'in_review') return 'review-queue';
  if (status === 'scheduled') return 'schedule';
  if (status === 'published' || publishedOnly) return 'published';
  return 'newest';
}

export type ReviewDecision = 'approve' | 'return';

/**
 * An admin's decision on a story in review. Approving publishes it now, or schedules it when the
 * time its author asked for is still ahead; sending it back makes it a draft with the note.
 */
export function reviewOutcome(
  story: Pick<Story, 'publishedAt' | 'publishAt'>,
  decision: ReviewDecision,
  note: string | null,
  now: string,
): { status: StoryStatus; publishedAt: string | null } & WorkflowFields {
  if (decision === 'return') {
    return { status: 'draft', publishedAt: story.publishedAt, publishAt: null, reviewNote: note, submittedAt: null };
  }
  const later = story.publishAt !== null && Date.parse(story.publishAt) > Date.parse(now);
  return later
    ? { status: 'scheduled', publishedAt: story.publishedAt, publishAt: story.publishAt, reviewNote: null, submittedAt: null }
    : { status: 'published', publishedAt: story.publishedAt ?? now, publishAt: null, reviewNote: null, submittedAt: null };
}

/** The fields a revision keeps; a save that changes none of them makes no revision (docs/product/api.md). */
export const REVISION_FIELDS = ['title', 'description', 'content', 'slug', 'status', 'videoUrl'] as const;
type RevisionFields = Pick<Story, (typeof REVISION_FIELDS)[number]>;

export function changesRevision(before: RevisionFields, after: RevisionFields): boolean {
  return REVISION_FIELDS.some((field) => before[field] !== after[field]);
}

/** "Updated ..." on a story page: it was written to after it was published (an edit, a correction). */
export function wasUpdatedAfterPublishing(story: Pick<Story, 'publishedAt' | 'updatedAt'>): boolean {
  return story.publishedAt !== null && Date.parse(story.updatedAt) > Date.parse(story.publishedAt);
}
