import { storyForReader } from '../../domain/members/reading.ts';
import { storyForViewer, storyListScope, visibleOr404 } from '../../domain/permissions.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { StoryListQuery } from '../../domain/story/schemas.ts';
import { isValidSlug } from '../../domain/story/slug.ts';
import { listOrderFor } from '../../domain/story/working-day.ts';
import type { User } from '../../domain/users/entities.ts';

/** GET /api/stories and its single reads: what each caller may see (docs/product/api.md#stories). */
export interface StoryReadDeps {
  stories: Pick<StoryRepository, 'list' | 'findFeatured' | 'findBySlug' | 'findById'>;
}

/** Lists are read alike by every reader (one cached copy): a gated story in them is its opening; staff read them whole. */
function listedFor(user: User | null, story: Story): Story | (Story & { gated: boolean }) {
  const visible = storyForViewer(user, story);
  return user ? visible : storyForReader(visible, 'anonymous');
}

/** A page of the stories this caller may list (readers: published; reporters: theirs too; editors and admins: all). */
export async function listStories(deps: StoryReadDeps, user: User | null, query: StoryListQuery) {
  const scope = storyListScope(user);
  const { items, total } = await deps.stories.list({ ...query, order: listOrderFor(query.status, scope.kind === 'published'), scope });
  return { items: items.map((story) => listedFor(user, story)), total };
}

/** The featured story, as a list shows it; null when none is. */
export async function featuredStory(deps: StoryReadDeps, user: User | null) {
  const story = await deps.stories.findFeatured();
  return story && listedFor(user, story);
}

/** A story by its slug, for a caller who may see it (404 otherwise); a reader's cut is the route's (it knows the level). */
export async function storyBySlug(deps: StoryReadDeps, user: User | null, slug: string): Promise<Story> {
  return visibleOr404(user, isValidSlug(slug) ? await deps.stories.findBySlug(slug) : null);
}

/** A story by its id, likewise. */
export async function storyById(deps: StoryReadDeps, user: User | null, id: number): Promise<Story> {
  return visibleOr404(user, await deps.stories.findById(id));
}
