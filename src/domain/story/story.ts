export const STORY_STATUSES = ['draft', 'in_review', 'scheduled', 'published', 'archived'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];
export const DEFAULT_STORY_STATUS: StoryStatus = 'draft';

/** How every screen names a status (docs/product/screens.md): the story page's badge, staff lists, the editor, History. */
export const STATUS_LABELS: Record<StoryStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  scheduled: 'Scheduled',
  published: 'Published',
  archived: 'Archived',
};

export function statusLabel(status: StoryStatus): string {
  return STATUS_LABELS[status];
}

/** What the permission and story rules need to know about a stored story. */
export interface StoryFacts {
  authorId: number;
  status: StoryStatus;
}

/**
 * publishedAt is set the first time a story becomes published and kept afterwards,
 * also when it is archived or unpublished and published again.
 */
export function nextPublishedAt(current: string | null, nextStatus: StoryStatus, now: string): string | null {
  if (current) return current;
  return nextStatus === 'published' ? now : null;
}

/** Drafts, stories in review, scheduled and archived stories are seen only by their author and admins. */
export function isPubliclyVisible(story: StoryFacts): boolean {
  return story.status === 'published';
}

/** A story's format (docs/product/api-liveblogs.md): chosen when it is created, never changed. */
export const STORY_FORMATS = ['article', 'liveblog'] as const;

export type StoryFormat = (typeof STORY_FORMATS)[number];

export const DEFAULT_STORY_FORMAT: StoryFormat = 'article';

/** A live blog's coverage: live while the newsroom posts updates, ended when it stops. */
export const COVERAGES = ['live', 'ended'] as const;

export type Coverage = (typeof COVERAGES)[number];

/** How the editor names the formats. */
export const FORMAT_LABELS: Record<StoryFormat, string> = { article: 'Article', liveblog: 'Live blog' };
