import { Hono } from 'hono';
import type { DashboardFigures, ReporterFigures } from '../../../domain/readership/answers.ts';
import { addSeconds } from '../../../domain/time.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireReporter } from '../middleware/authenticate.ts';
import { readershipRoutes } from './readership.ts';

const WEEK_SECONDS = 7 * 24 * 3600;

export const analyticsRoutes = new Hono<AppEnv>()
  .get('/dashboard', requireAdmin, async (c) => {
    const { users, stories, liveStreams, clock } = c.var.deps;
    const [activeReporters, storiesThisWeek, liveNow, totalViews] = await Promise.all([
      users.countActive('reporter'),
      stories.countCreatedSince(addSeconds(clock.now(), -WEEK_SECONDS)),
      liveStreams.countActive(),
      stories.totalViews(),
    ]);
    const figures: DashboardFigures = { activeReporters, storiesThisWeek, liveStreams: liveNow, totalViews };
    return c.json(figures);
  })
  // The reporter's own counts for "Your Stats"; GET /me is their readership (readership.ts).
  .get('/me/figures', requireReporter, async (c) => {
    const { stories, liveStreams, beats } = c.var.deps;
    const me = c.var.user!.id;
    const [own, streams, assigned] = await Promise.all([stories.authorFigures(me), liveStreams.countForAuthor(me), beats.listAssigned(me)]);
    const figures: ReporterFigures = {
      publishedStories: own.published,
      draftStories: own.drafts,
      inReviewStories: own.inReview,
      scheduledStories: own.scheduled,
      liveStreams: streams,
      totalViews: own.totalViews,
      beats: assigned.map(({ id, name }) => ({ id, name })),
    };
    return c.json(figures);
  })
  .route('/', readershipRoutes);
