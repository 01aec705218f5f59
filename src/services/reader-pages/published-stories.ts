import { storyForReader } from '../../domain/members/reading.ts';
import { policy } from '../../domain/permissions.ts';
import { isValidSlug } from '../../domain/story/slug.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { RELATED_STORIES } from '../../domain/site/site.ts';

/** How many stories a list asks for at a time, when it reads more than one page. */
const PAGE = 100;

/**
 * A story as every reader of a shared page may have it (decision 090): pages that list stories are
 * cached once for all, so a gated story in them is its opening, whoever reads.
 */
export const forEveryReader = (story: Story): Story => storyForReader(story, 'anonymous');

export interface PublishedFilter {
  limit: number;
  offset: number;
  beatId?: number;
  authorId?: number;
}

/**
 * Published stories, newest first by publication (docs/product/api-pictures.md), as every public list
 * orders them, each as every reader may have it.
 */
export async function listPublished(stories: StoryRepository, filter: PublishedFilter): Promise<{ items: Story[]; total: number }> {
  const { items, total } = await stories.list({ scope: { kind: 'published' }, status: 'published', order: 'published', ...filter });
  return { items: items.map(forEveryReader), total };
}

/** Published stories newest first, page by page, up to `max`. */
export async function publishedStories(stories: StoryRepository, max: number): Promise<Story[]> {
  const out: Story[] = [];
  for (let offset = 0; out.length < max; offset += PAGE) {
    const { items, total } = await listPublished(stories, { limit: Math.min(PAGE, max - out.length), offset });
    out.push(...items);
    if (items.length === 0 || offset + items.length >= total) break;
  }
  return out;
}

/** A story a reader without an account may see, by slug, or by id for a numeric segment that is no slug. */
export async function publicStory(stories: StoryRepository, segment: string): Promise<Story | null> {
  let story = isValidSlug(segment) ? await stories.findBySlug(segment) : null;
  if (!story && /^\d{1,15}$/.test(segment)) story = await stories.findById(Number(segment));
  return story && policy.canViewStory(null, story) ? story : null;
}

/** Up to three other published stories from the story's beat, newest first. */
export async function relatedTo(stories: StoryRepository, story: Story): Promise<Story[]> {
  if (!story.beat) return [];
  const { items } = await listPublished(stories, { beatId: story.beat.id, limit: RELATED_STORIES + 1, offset: 0 });
  return items.filter((other) => other.id !== story.id).slice(0, RELATED_STORIES);
}
