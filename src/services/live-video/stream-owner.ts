import type { LiveStream } from '../../domain/live-video/entities.ts';
import type { LiveStreamRepository } from '../../domain/live-video/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { User } from '../../domain/users/entities.ts';
import { ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import type { StoryFacts } from '../../domain/story/story.ts';

export interface StreamOwnerDeps {
  liveStreams: Pick<LiveStreamRepository, 'findById'>;
  stories: Pick<StoryRepository, 'findById' | 'findDeletedFacts'>;
}

export async function liveStream(deps: Pick<StreamOwnerDeps, 'liveStreams'>, id: number): Promise<LiveStream> {
  const stream = await deps.liveStreams.findById(id);
  if (!stream) throw new NotFoundError('Live stream');
  return stream;
}

/** Who started a stream: its story's author, also when the story was deleted meanwhile. */
export async function streamAuthor(deps: Pick<StreamOwnerDeps, 'stories'>, stream: LiveStream): Promise<StoryFacts> {
  const story = (await deps.stories.findById(stream.storyId)) ?? (await deps.stories.findDeletedFacts(stream.storyId));
  if (!story) throw new NotFoundError('Live stream');
  return story;
}

/** The stream, if the caller may manage it (its story's author or an admin); else 403 saying `refusal`, or 404. */
export async function managedStream(deps: StreamOwnerDeps, user: User | null, id: number, refusal: string): Promise<LiveStream> {
  const stream = await liveStream(deps, id);
  if (!policy.canEditStory(user, await streamAuthor(deps, stream))) throw new ForbiddenError(refusal);
  return stream;
}

/** GET /api/streams/active: the streams on air now (a reader's join reads it too, through the edge cache). */
export async function activeStreams(deps: { liveStreams: Pick<LiveStreamRepository, 'listActive'> }) {
  return deps.liveStreams.listActive();
}
