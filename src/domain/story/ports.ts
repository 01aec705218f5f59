import type { StoryListScope } from '../permissions.ts';
import type { StoryStatus, StoryFormat, Coverage, StoryFacts } from './story.ts';
import type { Story, StoryRevisionSummary, StoryRevision, Correction } from './entities.ts';
import type { AuditEntry } from '../audit/audit.ts';
import type { StoryAccess } from '../members/access.ts';

/** Where stories, their revisions and corrections are kept, and how their HTML is cut down. */

/** Story HTML cut down to what a story may hold (docs/product/api.md: sanitised on the server before it is stored). */
export interface StoryHtmlSanitizer {
  sanitize(html: string): string;
  /** True when the HTML shows no text and no media (an editor's empty paragraph). */
  isEmpty(html: string): boolean;
}

export type StoryListOrder = 'newest' | 'published' | 'review-queue' | 'schedule';

export interface StoryFilter {
  scope: StoryListScope;
  status?: StoryStatus;
  authorId?: number;
  beatId?: number;
  limit: number;
  offset: number;
  /**
   * Newest first by creation (the default); newest first by publication (public lists); the review
   * queue's order, oldest submission first; or the schedule's, soonest publishAt first.
   */
  order?: StoryListOrder;
}

/** The columns a save writes; the repository adds ids, counters and timestamps. */
export interface StoryWrite {
  title: string;
  slug: string;
  description: string;
  content: string;
  beatId: number | null;
  status: StoryStatus;
  isFeatured: boolean;
  featuredImageUrl: string | null;
  /** The picture's words; absent leaves them as they are (none on a new story). */
  featuredImageAlt?: string | null;
  featuredImageCaption?: string | null;
  featuredImageCredit?: string | null;
  videoUrl: string | null;
  publishedAt: string | null;
  /** Who may read it whole (decision 090). */
  access: StoryAccess;
  /** The workflow columns (working-day.ts); absent leaves them as they are (none on a new story). */
  publishAt?: string | null;
  reviewNote?: string | null;
  submittedAt?: string | null;
  /** Only a live stream's story is created live; saves leave the flag as it is. */
  isLive?: boolean;
  /** Set when the story is created (an article when absent), never by a later save; a live blog starts with coverage live. */
  format?: StoryFormat;
  coverage?: Coverage | null;
}

export type StoryUpdateOutcome = { kind: 'updated'; story: Story } | { kind: 'stale' } | { kind: 'not_found' };

export interface StoryRepository {
  list(filter: StoryFilter): Promise<{ items: Story[]; total: number }>;
  findById(id: number): Promise<Story | null>;
  findBySlug(slug: string): Promise<Story | null>;
  findFeatured(): Promise<Story | null>;
  /** Slugs in use (by any story, deleted ones included) that firstFreeSlug(base) may try: base, and any starting with slugCandidatePrefix(base). */
  slugsLike(base: string, excludeId?: number): Promise<Set<string>>;
  /**
   * Throws ConflictError('slug_taken') if the slug is in use. Writes the first revision (by the author)
   * and the audit entries (their target: the new story) with it, atomically.
   */
  create(story: StoryWrite & { authorId: number }, now: string, audit?: readonly AuditEntry[]): Promise<Story>;
  /**
   * Writes only when the stored version equals expectedVersion; bumps the version. With
   * `revisionBy`, a revision of the new version by that editor is written in the same atomic step,
   * and so are the audit entries (their target: this story), only when the write happened.
   */
  update(
    id: number,
    expectedVersion: number,
    story: StoryWrite,
    now: string,
    revisionBy?: number | null,
    audit?: readonly AuditEntry[],
  ): Promise<StoryUpdateOutcome>;
  /** Publishes every scheduled story whose time has come (publishedAt = publishAt), atomically; the stories it published. */
  publishDue(now: string): Promise<Story[]>;
  /** `audit` entries (their target: this story) are written only when the write happened, atomically with it. */
  softDelete(id: number, now: string, audit?: readonly AuditEntry[]): Promise<boolean>;
  restore(id: number, now: string, audit?: readonly AuditEntry[]): Promise<Story | null>;
  /** Who owns a deleted story, so the policy can decide who may restore it. */
  findDeletedFacts(id: number): Promise<StoryFacts | null>;
  countCreatedSince(since: string): Promise<number>;
  totalViews(): Promise<number>;
  /** One author's stories counted by status (published, draft, in review, scheduled), and their views. */
  authorFigures(authorId: number): Promise<{ published: number; drafts: number; inReview: number; scheduled: number; totalViews: number }>;
  /**
   * Points the story's video at an uploaded file (bumping its version, with a revision by `editorId`),
   * or leaves the story as it is when that is already its video; null when there is no such story.
   */
  attachVideo(id: number, videoUrl: string, now: string, editorId: number): Promise<Story | null>;
}

export interface StoryRevisionRepository {
  /** Newest first; editors are read whatever their account's state (users are never deleted). */
  list(storyId: number): Promise<StoryRevisionSummary[]>;
  find(storyId: number, revisionId: number): Promise<StoryRevision | null>;
}

export interface CorrectionRepository {
  /**
   * Adds a correction to a published story and moves the story's updatedAt (and version) in the
   * same atomic step; null when the story is not (or no longer) published.
   */
  add(storyId: number, authorId: number, note: string, now: string, audit?: readonly AuditEntry[]): Promise<Correction | null>;
}
