import type { Actor } from './roles.ts';
import { NotFoundError } from './errors.ts';
import { isPubliclyVisible, type StoryFacts } from './story/story.ts';

/**
 * The one policy every route asks (docs/product/rules.md#roles-and-permissions and docs/product/api.md). Admins count as reporters.
 * Each function answers for the actor in hand; routes turn a "no" into 401/403/404.
 */
export const policy = {
  isSignedIn: (actor: Actor): actor is NonNullable<Actor> => actor !== null,
  isReporter: (actor: Actor): boolean => actor !== null && (actor.role === 'reporter' || actor.role === 'admin'),
  isAdmin: (actor: Actor): boolean => actor?.role === 'admin',

  canManageUsers: (actor: Actor): boolean => policy.isAdmin(actor),
  canManageBeats: (actor: Actor): boolean => policy.isAdmin(actor),
  canReadAnalytics: (actor: Actor): boolean => policy.isAdmin(actor),
  canCreateStory: (actor: Actor): boolean => policy.isReporter(actor),
  /**
   * The newsroom's stories, everyone's, every status: the dashboard's newsroom list, the lists and
   * staff searches of GET /api/stories and /api/search, the staff list (GET /api/users/staff).
   * Admins today; the one place an editor role is let in.
   */
  canSeeNewsroomStories: (actor: Actor): boolean => policy.isAdmin(actor),

  /** Drafts and archived stories are seen only by their author and by admins. */
  canViewStory: (actor: Actor, story: StoryFacts): boolean => isPubliclyVisible(story) || policy.canEditStory(actor, story),

  /** The story's own reporter author, or any admin. */
  canEditStory: (actor: Actor, story: StoryFacts): boolean =>
    actor !== null && (actor.role === 'admin' || (policy.isReporter(actor) && actor.id === story.authorId)),

  canDeleteStory: (actor: Actor, story: StoryFacts): boolean => policy.canEditStory(actor, story),

  /** Only a story's own author sends it for review; an admin decides on it. */
  canSubmitForReview: (actor: Actor, story: Pick<StoryFacts, 'authorId'>): boolean => actor !== null && actor.id === story.authorId,
  canReviewStories: (actor: Actor): boolean => policy.isAdmin(actor),
  /** Revisions and corrections belong to those who may change the story. */
  canSeeHistory: (actor: Actor, story: StoryFacts): boolean => policy.canEditStory(actor, story),
  /** A user's name and bio: the user itself, or an admin. */
  canEditProfile: (actor: Actor, userId: number): boolean => actor !== null && (actor.id === userId || actor.role === 'admin'),
  /** An author page exists for an active user who is a reporter or has published a story (never an admin who writes nothing). */
  hasAuthorPage: (user: { isActive: boolean; role: string }, publishedStories: number): boolean =>
    user.isActive && (user.role === 'reporter' || publishedStories > 0),
};

/** A story as this caller may read it: the review note and submission time are for its author and admins only. */
export function storyForViewer<T extends StoryFacts & { reviewNote: string | null; submittedAt: string | null }>(
  actor: Actor,
  story: T,
): T {
  if (policy.canEditStory(actor, story)) return story;
  return { ...story, reviewNote: null, submittedAt: null };
}

/** A story the caller may not see does not exist, as far as the caller can tell (404); one they may, as they may read it. */
export function visibleOr404<T extends StoryFacts & { reviewNote: string | null; submittedAt: string | null }>(
  actor: Actor,
  story: T | null,
): T {
  if (!story || !policy.canViewStory(actor, story)) throw new NotFoundError('Story');
  return storyForViewer(actor, story);
}

/** Which stories a list request may return, whatever filters the caller asked for. */
export type StoryListScope = { kind: 'published' } | { kind: 'published-or-own'; authorId: number } | { kind: 'all' };

export function storyListScope(actor: Actor): StoryListScope {
  if (actor === null) return { kind: 'published' };
  if (policy.canSeeNewsroomStories(actor)) return { kind: 'all' };
  return { kind: 'published-or-own', authorId: actor.id };
}

/**
 * Which stories a search looks through: a reader's search finds published stories only; a staff
 * search (docs/product/api.md, "Finding the news") finds what the caller's dashboard lists, any
 * status: a reporter's own stories, every story for an admin.
 */
export type StorySearchScope = { kind: 'published' } | { kind: 'own'; authorId: number } | { kind: 'all' };

export function staffSearchScope(actor: NonNullable<Actor>): StorySearchScope {
  return policy.canSeeNewsroomStories(actor) ? { kind: 'all' } : { kind: 'own', authorId: actor.id };
}
