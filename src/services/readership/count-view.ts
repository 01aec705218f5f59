import type { ReadershipRepository, ViewCounter } from '../../domain/readership/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { Actor } from '../../domain/roles.ts';
import type { Clock } from '../../domain/time.ts';
import { visibleOr404 } from '../../domain/permissions.ts';
import { hourOf } from '../../domain/readership/analytics-range.ts';
import { deviceClass } from '../../domain/readership/device-class.ts';
import { viewOrigin, type Arrival } from '../../domain/readership/referrer-source.ts';

export interface CountViewDeps {
  readership: Pick<ReadershipRepository, 'viewableStory'>;
  stories: Pick<StoryRepository, 'findById'>;
  views: Pick<ViewCounter, 'count' | 'totals'>;
  clock: Clock;
}

/** What a view request says about where it came from; the User-Agent only classes the device and is not kept. */
export interface ViewRequest extends Arrival {
  userAgent: string | undefined;
  /** The host the site was asked on: a referrer there is the site itself. */
  siteHost: string;
}

/**
 * Counts one view of a published story, exactly once, in its view counter (decision 060), with the
 * hour, the referrer's host, the source (`email` for a newsletter's link) and the device class; answers the story's count. A story that
 * is not published counts nothing, and only those who may see it learn it exists (404 otherwise).
 * Bots are answered the count and not counted.
 */
export async function countView(deps: CountViewDeps, actor: Actor, storyId: number, request: ViewRequest): Promise<number> {
  const story = await deps.readership.viewableStory(storyId);
  if (!story) return visibleOr404(actor, await deps.stories.findById(storyId)).views;
  const device = deviceClass(request.userAgent);
  if (device === 'bot') return (await deps.views.totals([storyId])).get(storyId) ?? story.views;
  const { host, source } = viewOrigin(request, request.siteHost);
  return deps.views.count({ storyId, hour: hourOf(deps.clock.now()), source, referrerHost: host, device }, story.views);
}
