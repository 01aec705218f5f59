import { Hono } from 'hono';
import { analyticsQuerySchema } from '../../../domain/readership/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { reporterReadership, siteReadership } from '../../../services/readership/site-readership.ts';
import { storyReadership, storyStreams } from '../../../services/readership/story-readership.ts';
import { streamAudience } from '../../../services/readership/stream-audience.ts';
import { viewCounterStats } from '../../../services/readership/view-counters.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/**
 * Readership analytics (docs/product/api-analytics.md): views over time, sources, referrers and
 * devices of a story, of a reporter's stories and of the whole site, from the per-hour figures the
 * view counters flush (they lag by at most VIEW_FLUSH_SECONDS); and a live stream's audience. The
 * use cases are in src/services/readership/.
 */
export const readershipRoutes = new Hono<AppEnv>()
  .get('/stories/:id', requireSignedIn, validate('param', idParamSchema), validate('query', analyticsQuerySchema), async (c) =>
    c.json(await storyReadership(c.var.deps, c.var.user, c.req.valid('param').id, c.req.valid('query'))),
  )
  .get('/stories/:id/streams', requireSignedIn, validate('param', idParamSchema), async (c) =>
    c.json(await storyStreams(c.var.deps, c.var.user, c.req.valid('param').id)),
  )
  .get('/site', requireAdmin, validate('query', analyticsQuerySchema), async (c) =>
    c.json(await siteReadership(c.var.deps, c.req.valid('query'))),
  )
  .get('/me', requireReporter, validate('query', analyticsQuerySchema), async (c) =>
    c.json(await reporterReadership(c.var.deps, c.var.user!.id, c.req.valid('query'))),
  )
  // What the view counters have flushed to D1, by D1's own count (npm run bench:views reads it).
  .get('/counters', requireAdmin, async (c) => c.json(await viewCounterStats(c.var.deps)))
  .get('/streams/:id', requireSignedIn, validate('param', idParamSchema), async (c) =>
    c.json(await streamAudience(c.var.deps, c.var.user, c.req.valid('param').id)),
  );
