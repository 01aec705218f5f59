import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import type { AppDeps } from '../../src/adapters/app-deps.ts';
import { buildDeps } from '../../src/adapters/compose.ts';
import { miniflarePersistPath, stateDir } from './local-state.ts';
import { quietThisProcess, wranglerConfigPath } from './project.ts';
import { runWrangler, type RunOptions } from './run.ts';

/** Applies every pending migration to the local D1 in the state directory (offline, no prompt). */
export async function applyLocalMigrations(dir: string = stateDir(), options: RunOptions = {}): Promise<void> {
  await runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], options);
}

/** Empties the state directory and applies the schema: a newsroom with nothing in it. */
export async function freshState(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await applyLocalMigrations(dir, { quiet: true });
}

/** Runs SQL statements against the local D1 in the state directory (works while a server holds it). */
export async function executeLocalSql(sql: string, dir: string = stateDir()): Promise<void> {
  await runWrangler(['d1', 'execute', 'DB', '--local', '--persist-to', dir, '--command', sql], { quiet: true });
}

/**
 * Runs a long SQL script (a seeding batch of megabytes) against the local D1 through a file: one
 * command-line argument may not exceed 128 kB on Linux. Each statement in it must stay under D1's
 * 100 kB statement limit.
 */
export async function executeLocalSqlFile(sql: string, dir: string = stateDir()): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'newsroom-sql-'));
  try {
    const file = join(scratch, 'statements.sql');
    await writeFile(file, sql);
    await runWrangler(['d1', 'execute', 'DB', '--local', '--persist-to', dir, '--file', file, '--yes'], { quiet: true });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The first column of the first row a query answers, as a number (run while no server holds the state: wrangler would find it locked). */
export async function localSqlNumber(sql: string, dir: string = stateDir()): Promise<number> {
  const out = await runWrangler(['d1', 'execute', 'DB', '--local', '--persist-to', dir, '--command', sql, '--json'], { quiet: true });
  const parsed = JSON.parse(out.slice(out.indexOf('['))) as { results: Record<string, number>[] }[];
  return Number(Object.values(parsed[0]!.results[0]!)[0] ?? 0);
}

/** What wrangler and workerd say when a proxy is made of a config whose worker has Durable Objects of its own. */
const DURABLE_OBJECT_NOTICES = [
  'bindings to the following internal Durable Objects',
  'A DurableObjectNamespace in the config referenced the class',
];

/**
 * Starts the proxy without its notices that the worker's Durable Objects "will not work in local
 * development": true of this proxy, which never uses them (D1 and R2 are all it is for), and alarming
 * on a newcomer's first `npm start`, where the served site runs them. Everything else still prints.
 */
async function withoutDurableObjectNotices<T>(start: () => Promise<T>): Promise<T> {
  const write = process.stderr.write;
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    DURABLE_OBJECT_NOTICES.some((notice) => String(chunk).includes(notice))
      ? true
      : write.call(process.stderr, chunk, ...rest)) as typeof write;
  try {
    return await start();
  } finally {
    process.stderr.write = write;
  }
}

/**
 * Runs `work` with the real adapters over the local D1 and R2 (the very state the site serves):
 * wrangler's getPlatformProxy gives the bindings and `.dev.vars` (so the same pepper), and
 * buildDeps builds the same repositories and hasher the worker uses.
 */
export async function withLocalDeps<T>(work: (deps: AppDeps) => Promise<T>, dir: string = stateDir()): Promise<T> {
  quietThisProcess();
  const platform = await withoutDurableObjectNotices(() =>
    getPlatformProxy<Env>({
      configPath: wranglerConfigPath,
      persist: { path: miniflarePersistPath(dir) },
      remoteBindings: false,
    }),
  );
  try {
    // The worker's Durable Objects (the view counters) are out of reach here: stories as D1 holds them.
    return await work(buildDeps(platform.env, undefined, { exactViews: false }));
  } finally {
    await platform.dispose();
  }
}
