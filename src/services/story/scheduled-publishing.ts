import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';

/**
 * The publishing job (decision 030): every scheduled story whose time has come is published, with
 * publishedAt = publishAt. One atomic statement, so running it twice, or two runs at once,
 * publishes each story once. Returns what it published (the caller refreshes public caches).
 */
export function publishDueStories(deps: { stories: StoryRepository }, now: string): Promise<Story[]> {
  return deps.stories.publishDue(now);
}
