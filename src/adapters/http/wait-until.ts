import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/** The request's waitUntil, for work that outlives the answer (keeping a shared answer in the edge cache). */
export function waitUntilOf(c: Context<AppEnv>): (promise: Promise<unknown>) => void {
  return (promise) => {
    try {
      c.executionCtx.waitUntil(promise);
    } catch {
      // No execution context (an app called directly, as in tests): the promise runs on by itself.
    }
  };
}
