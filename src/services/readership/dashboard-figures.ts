import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { LiveStreamRepository } from '../../domain/live-video/ports.ts';
import type { DashboardFigures, ReporterFigures } from '../../domain/readership/answers.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import type { Clock } from '../../domain/time.ts';
import { addSeconds } from '../../domain/time.ts';

const WEEK_SECONDS = 7 * 24 * 3600;

/** The admin dashboard's figures: active reporters, stories this week, streams on air, all views. */
export async function dashboardFigures(deps: {
  users: Pick<UserRepository, 'countActive'>;
  stories: Pick<StoryRepository, 'countCreatedSince' | 'totalViews'>;
  liveStreams: Pick<LiveStreamRepository, 'countActive'>;
  clock: Clock;
}): Promise<DashboardFigures> {
  const [activeReporters, storiesThisWeek, liveStreams, totalViews] = await Promise.all([
    deps.users.countActive('reporter'),
    deps.stories.countCreatedSince(addSeconds(deps.clock.now(), -WEEK_SECONDS)),
    deps.liveStreams.countActive(),
    deps.stories.totalViews(),
  ]);
  return { activeReporters, storiesThisWeek, liveStreams, totalViews };
}

/** A reporter's own counts for "Your Stats": their stories by status, streams, views and beats. */
export async function reporterFigures(
  deps: {
    stories: Pick<StoryRepository, 'authorFigures'>;
    liveStreams: Pick<LiveStreamRepository, 'countForAuthor'>;
    beats: Pick<BeatRepository, 'listAssigned'>;
  },
  reporterId: number,
): Promise<ReporterFigures> {
  const [own, streams, assigned] = await Promise.all([
    deps.stories.authorFigures(reporterId),
    deps.liveStreams.countForAuthor(reporterId),
    deps.beats.listAssigned(reporterId),
  ]);
  return {
    publishedStories: own.published,
    draftStories: own.drafts,
    inReviewStories: own.inReview,
    scheduledStories: own.scheduled,
    liveStreams: streams,
    totalViews: own.totalViews,
    beats: assigned.map(({ id, name }) => ({ id, name })),
  };
}
