import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The benchmark's helpers: build, a fresh D1/R2 state directory of its own and a pepper, so
 * nothing here touches the developer's .wrangler/state (scripts/lib/serve-build.ts serves it).
 */
export const root = path.resolve(import.meta.dirname, '../..');

const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' };

/** Runs a command in the project; resolves with its standard output, rejects with both outputs on failure. */
export function run(command: string, args: string[], options: { quiet?: boolean; env?: Record<string, string> } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...quietEnv, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else {
        const output = `${stdout}\n${stderr}`;
        reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${options.quiet ? output.slice(-4000) : output}`));
      }
    });
  });
}

export async function buildSite(): Promise<void> {
  await run('npx', ['vite', 'build'], { quiet: true });
}

/** A fresh state directory with the schema applied. */
export async function freshState(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], { quiet: true });
}

/** Runs SQL against the local D1 in `dir` (while no server holds it). */
export async function executeSql(dir: string, sql: string): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'newsroom-sql-'));
  const file = path.join(scratch, 'seed.sql');
  try {
    await writeFile(file, sql);
    await run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', dir, '--file', file, '--yes'], { quiet: true });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export function newPepper(): string {
  return randomBytes(24).toString('base64url');
}
