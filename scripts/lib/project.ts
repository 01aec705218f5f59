import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, wherever a script is started from. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const wranglerConfigPath = join(projectRoot, 'wrangler.toml');

/** Environment for wrangler, vite and miniflare: offline and quiet (no cf fetch, no metrics). */
export function quietEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', ...extra };
}

/** Applies quietEnv to this process, for the tools that run in it (getPlatformProxy, vite). */
export function quietThisProcess(): void {
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  process.env.WRANGLER_SEND_METRICS = 'false';
  // getPlatformProxy otherwise logs every .dev.vars it reads.
  process.env.WRANGLER_LOG ??= 'warn';
}

/** True when the module with this import.meta.url is the script node was asked to run. */
export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && resolve(entry) === fileURLToPath(moduleUrl);
}
