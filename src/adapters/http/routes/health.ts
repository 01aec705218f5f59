import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { d1Queries } from '../../d1/query-count.ts';
import { errorBody } from '../error-map.ts';
import { openStreams } from '../live-blog/live-blog-stream.ts';

/** The cheapest answer the worker gives: a liveness check, and the ceiling the benchmark compares routes with. */
export const healthRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.json({ ok: true }))
  // The statements this isolate sent D1, for npm run bench:liveblog; only when served with COUNT_D1_QUERIES=1.
  .get('/d1', (c) =>
    d1Queries.enabled
      ? c.json({
          statements: d1Queries.statements,
          batches: d1Queries.batches,
          rowsRead: d1Queries.rowsRead,
          rowsWritten: d1Queries.rowsWritten,
          liveBlogStreams: openStreams.count,
        })
      : c.json(errorBody('not_found', 'No such API route'), 404),
  );
