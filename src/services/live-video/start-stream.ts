import type { LiveStream } from '../../domain/live-video/entities.ts';
import type { LiveRoomControl, LiveStreamRepository } from '../../domain/live-video/ports.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { LiveBlogRepository } from '../../domain/live-blog/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { StartStreamInput } from '../../domain/live-video/schemas.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { ValidationError } from '../../domain/errors.ts';
import { messages } from '../../domain/messages.ts';
import { toBase64Url } from '../../media/base64.ts';
import { mediaKey } from '../../media/media-keys.ts';
import { startLiveBlogVideo } from '../live-blog/live-blog.ts';
import { saveWithSlug } from '../story/story-save.ts';
import { liveStoryText } from './live-story-text.ts';

export interface StartStreamDeps {
  stories: Pick<StoryRepository, 'findById' | 'slugsLike' | 'create' | 'softDelete'>;
  liveBlogs: Pick<LiveBlogRepository, 'setVideoLive'>;
  beats: Pick<BeatRepository, 'findById'>;
  liveStreams: Pick<LiveStreamRepository, 'create' | 'end'>;
  liveRooms: LiveRoomControl;
  clock: Clock;
}

/** What a stream goes on: a live blog that exists (its page carries the video), or a new story made for it. */
export type StreamTarget = { storyId: number } | { story: StartStreamInput };

/**
 * POST /api/streams/start (docs/product/api.md#live-streams): a reporter goes live. A new story is
 * published with isLive from the start, so readers can open it and watch; on a live blog, its page
 * goes on air. Then the stream is written and its room opened; if either fails, what was written is
 * undone (no live story without its stream and room) and the failure goes on.
 */
export async function startStream(deps: StartStreamDeps, user: User, target: StreamTarget, origin: string): Promise<LiveStream> {
  const now = deps.clock.now();
  const story =
    'storyId' in target ? await startLiveBlogVideo(deps, user, target.storyId) : await createLiveStory(deps, user, target.story, now);
  let stream: LiveStream | null = null;
  try {
    stream = await deps.liveStreams.create({ storyId: story.id, streamKey: newStreamKey(), startedAt: now }, now, user.id);
    await deps.liveRooms.open({ streamId: stream.id, recordingKey: mediaKey('streams', 'webm', now, crypto.randomUUID()), origin });
    return stream;
  } catch (error) {
    if (stream) await deps.liveStreams.end(stream.id, { videoUrl: null, endedAt: now });
    await ('storyId' in target ? deps.liveBlogs.setVideoLive(story.id, false) : deps.stories.softDelete(story.id, now));
    throw error;
  }
}

async function createLiveStory(deps: StartStreamDeps, user: User, input: StartStreamInput, now: string): Promise<Story> {
  if (input.beatId !== null && !(await deps.beats.findById(input.beatId))) throw new ValidationError({ beatId: messages.beatIdInvalid });
  return saveWithSlug(deps, '', input.title, undefined, (slug) =>
    deps.stories.create(
      {
        title: input.title,
        slug,
        ...liveStoryText(input.description, user),
        beatId: input.beatId,
        access: 'public',
        status: 'published',
        isFeatured: false,
        featuredImageUrl: null,
        videoUrl: null,
        publishedAt: now,
        isLive: true,
        authorId: user.id,
      },
      now,
    ),
  );
}

/** The stream's key: 24 random bytes, base64url. */
function newStreamKey(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(24)));
}
