import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

/**
 * After a write that readers can see (a story published, edited, corrected, unpublished, deleted; a
 * key event posted), followers in the fediverse are told, once the answer is on its way: the
 * triggers of migrations/0060 noted what changed in the same write, so any route that changes a
 * story is covered without knowing about federation. The minute job catches up on anything a
 * crash left behind.
 */
export function federateWrites(isPublicWrite: (path: string) => boolean, sync: (deps: AppEnv['Variables']['deps']) => Promise<unknown>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400 || !isPublicWrite(c.req.path)) return;
    const run = sync(c.var.deps).catch((error: unknown) =>
      console.error('Telling the fediverse failed; the minute job will try again', error),
    );
    try {
      c.executionCtx.waitUntil(run);
    } catch {
      // No execution context (a test calling the app directly): finish before answering.
      await run;
    }
  });
}
