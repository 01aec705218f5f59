import type { AnalyticsQuery } from '../../domain/readership/schemas.ts';
import type { ReadershipRepository } from '../../domain/readership/ports.ts';
import type { ReadershipReport, StoryStream } from '../../domain/readership/readership.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { Actor } from '../../domain/roles.ts';
import type { Clock } from '../../domain/time.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import { rangeOrThrow } from '../../domain/readership/analytics-range.ts';
import { assembleReport } from '../../domain/readership/readership.ts';

export interface StoryReadershipDeps {
  stories: Pick<StoryRepository, 'findById'>;
  readership: Pick<ReadershipRepository, 'rows' | 'storyStreams'>;
  clock: Clock;
}

/** A story's figures are for its author and admins; anyone else is told there is no such story. */
async function ownStoryOr404(deps: Pick<StoryReadershipDeps, 'stories'>, actor: Actor, storyId: number): Promise<Story> {
  const story = await deps.stories.findById(storyId);
  if (!story || !policy.canEditStory(actor, story)) throw new NotFoundError('Story');
  return story;
}

/** One story's readership over the asked range (docs/product/api-analytics.md). */
export async function storyReadership(
  deps: StoryReadershipDeps,
  actor: Actor,
  storyId: number,
  query: AnalyticsQuery,
): Promise<ReadershipReport> {
  const range = rangeOrThrow(query, deps.clock.now());
  const story = await ownStoryOr404(deps, actor, storyId);
  return assembleReport(range, await deps.readership.rows({ kind: 'story', storyId: story.id }, range));
}

/** The live streams a story has had, for its author and admins. */
export async function storyStreams(deps: StoryReadershipDeps, actor: Actor, storyId: number): Promise<StoryStream[]> {
  const story = await ownStoryOr404(deps, actor, storyId);
  return deps.readership.storyStreams(story.id);
}
