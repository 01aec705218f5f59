import type { LiveStreamRepository } from '../../domain/live-video/ports.ts';
import type { ReadershipRepository } from '../../domain/readership/ports.ts';
import type { StreamAudience } from '../../domain/readership/readership.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { Actor } from '../../domain/roles.ts';
import type { Clock } from '../../domain/time.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import { assembleAudience } from '../../domain/readership/readership.ts';

export interface StreamAudienceDeps {
  liveStreams: Pick<LiveStreamRepository, 'findById'>;
  stories: Pick<StoryRepository, 'findById' | 'findDeletedFacts'>;
  readership: Pick<ReadershipRepository, 'audienceMinutes'>;
  clock: Clock;
}

/**
 * A live stream's audience minute by minute (docs/product/api-analytics.md), for its story's author
 * and admins, its story deleted or not; anyone else is told there is no such stream.
 */
export async function streamAudience(deps: StreamAudienceDeps, actor: Actor, streamId: number): Promise<StreamAudience> {
  const stream = await deps.liveStreams.findById(streamId);
  const facts = stream && ((await deps.stories.findById(stream.storyId)) ?? (await deps.stories.findDeletedFacts(stream.storyId)));
  if (!stream || !facts || !policy.canEditStory(actor, facts)) throw new NotFoundError('Stream');
  const minutes = await deps.readership.audienceMinutes(stream.id);
  const now = deps.clock.now();
  return assembleAudience(stream.startedAt ?? stream.createdAt, stream.isActive ? null : (stream.endedAt ?? now), now, minutes);
}
