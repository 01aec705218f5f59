import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

/** The cheapest answer the worker gives: a liveness check, and the ceiling the benchmark compares routes with. */
export const healthRoutes = new Hono<AppEnv>().get('/', (c) => c.json({ ok: true }));
