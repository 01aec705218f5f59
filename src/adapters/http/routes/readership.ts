import { Hono } from 'hono';
import { resolveRange, type AnalyticsRange } from '../../../domain/readership/analytics-range.ts';
import { NotFoundError, ValidationError } from '../../../domain/errors.ts';
import { policy } from '../../../domain/permissions.ts';
import type { ReadershipScope } from '../../../domain/readership/ports.ts';
import { analyticsQuerySchema, type AnalyticsQuery } from '../../../domain/readership/schemas.ts';
import {
  assembleAudience,
  assembleReport,
  MAX_TOP_STORIES,
  type ReadershipReport,
  type SiteReadership,
} from '../../../domain/readership/readership.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';

/**
 * Readership analytics (docs/product/api-analytics.md): views over time, sources, referrers and
 * devices of a story, of a reporter's stories and of the whole site, from the per-hour figures the
 * view counters flush (they lag by at most VIEW_FLUSH_SECONDS); and a live stream's audience.
 */

function rangeOf(query: AnalyticsQuery, now: string): AnalyticsRange {
  const outcome = resolveRange(query, now);
  if (!outcome.ok) throw new ValidationError({ [outcome.field]: outcome.message });
  return outcome.range;
}

async function report(deps: AppDeps, scope: ReadershipScope, range: AnalyticsRange): Promise<ReadershipReport> {
  return assembleReport(range, await deps.readership.rows(scope, range));
}

/** A story's figures are for its author and admins; anyone else is told there is no such story. */
async function ownStoryOr404(deps: AppDeps, user: AppEnv['Variables']['user'], storyId: number) {
  const story = await deps.stories.findById(storyId);
  if (!story || !policy.canEditStory(user, story)) throw new NotFoundError('Story');
  return story;
}

export const readershipRoutes = new Hono<AppEnv>()
  .get('/stories/:id', requireSignedIn, validate('param', idParamSchema), validate('query', analyticsQuerySchema), async (c) => {
    const { deps, user } = c.var;
    const range = rangeOf(c.req.valid('query'), deps.clock.now());
    const story = await ownStoryOr404(deps, user, c.req.valid('param').id);
    return c.json(await report(deps, { kind: 'story', storyId: story.id }, range));
  })
  .get('/stories/:id/streams', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    const story = await ownStoryOr404(deps, user, c.req.valid('param').id);
    return c.json(await deps.readership.storyStreams(story.id));
  })
  .get('/site', requireAdmin, validate('query', analyticsQuerySchema), async (c) => {
    const { deps } = c.var;
    const range = rangeOf(c.req.valid('query'), deps.clock.now());
    const [base, topStories, beats] = await Promise.all([
      report(deps, { kind: 'site' }, range),
      deps.readership.topStories({ kind: 'site' }, range, MAX_TOP_STORIES),
      deps.readership.beats(range),
    ]);
    const site: SiteReadership = { ...base, topStories, beats };
    return c.json(site);
  })
  .get('/me', requireReporter, validate('query', analyticsQuerySchema), async (c) => {
    const { deps, user } = c.var;
    const range = rangeOf(c.req.valid('query'), deps.clock.now());
    const scope: ReadershipScope = { kind: 'author', authorId: user!.id };
    const [base, topStories] = await Promise.all([report(deps, scope, range), deps.readership.topStories(scope, range, MAX_TOP_STORIES)]);
    return c.json({ ...base, topStories });
  })
  // What the view counters have flushed to D1, by D1's own count (npm run bench:views reads it).
  .get('/counters', requireAdmin, async (c) => c.json(await c.var.deps.views.stats()))
  .get('/streams/:id', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    const stream = await deps.liveStreams.findById(c.req.valid('param').id);
    const facts = stream && ((await deps.stories.findById(stream.storyId)) ?? (await deps.stories.findDeletedFacts(stream.storyId)));
    if (!stream || !facts || !policy.canEditStory(user, facts)) throw new NotFoundError('Stream');
    const minutes = await deps.readership.audienceMinutes(stream.id);
    const now = deps.clock.now();
    return c.json(assembleAudience(stream.startedAt ?? stream.createdAt, stream.isActive ? null : (stream.endedAt ?? now), now, minutes));
  });
