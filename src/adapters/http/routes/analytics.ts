import { Hono } from 'hono';
import { dashboardFigures, reporterFigures } from '../../../services/readership/dashboard-figures.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireReporter } from '../middleware/authenticate.ts';
import { readershipRoutes } from './readership.ts';

export const analyticsRoutes = new Hono<AppEnv>()
  .get('/dashboard', requireAdmin, async (c) => c.json(await dashboardFigures(c.var.deps)))
  // The reporter's own counts for "Your Stats"; GET /me is their readership (readership.ts).
  .get('/me/figures', requireReporter, async (c) => c.json(await reporterFigures(c.var.deps, c.var.user!.id)))
  .route('/', readershipRoutes);
