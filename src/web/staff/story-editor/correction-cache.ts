import type { QueryClient } from '@tanstack/react-query';
import type { Correction, Story } from '../../../domain/story/entities.ts';
import { storyByIdQuery } from '../story-api.ts';

/**
 * The story with a just-published correction at the end of its list, once: the server's next
 * answer already holds it, so a correction seen twice must not be listed twice. A correction
 * moves updatedAt but not the version (docs/product/rules.md#corrections).
 */
export function withCorrection(story: Story, correction: Correction): Story {
  if (story.corrections.some((known) => known.id === correction.id)) return story;
  return { ...story, corrections: [...story.corrections, correction], updatedAt: correction.createdAt };
}

/** Shows a published correction in the editor's cached story at once, before the story is read again. */
export function cacheCorrection(client: QueryClient, storyId: number, correction: Correction): void {
  client.setQueryData(storyByIdQuery(storyId).queryKey, (story) => (story ? withCorrection(story, correction) : story));
}
