import { isAbsolute, join, resolve } from 'node:path';
import { projectRoot } from './project.ts';

/**
 * Where local D1 and R2 live. Every tool must agree on it, and they spell it differently:
 *   wrangler `--persist-to <dir>`            stores under <dir>/v3
 *   vite plugin `persistState: { path }`      stores under <path>/v3
 *   getPlatformProxy `persist: { path }`      stores under <path> itself (no v3 appended)
 * NEWSROOM_STATE_DIR overrides the default `.wrangler/state` (the e2e run uses a fresh one).
 */
export const STATE_DIR_ENV = 'NEWSROOM_STATE_DIR';

export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env[STATE_DIR_ENV]?.trim();
  if (!configured) return join(projectRoot, '.wrangler', 'state');
  return isAbsolute(configured) ? configured : resolve(projectRoot, configured);
}

/** The directory miniflare persists into, for getPlatformProxy's `persist.path`. */
export function miniflarePersistPath(dir: string = stateDir()): string {
  return join(dir, 'v3');
}
