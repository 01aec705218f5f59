import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Starts the built site on workerd for the benchmark and the public-site journeys: the bundle
 * `vite build` wrote (dist/newsroom + dist/client) under `wrangler dev`, with its own D1/R2 state
 * directory, so nothing here touches the developer's .wrangler/state.
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

export interface RunningSite {
  baseUrl: string;
  stop(): Promise<void>;
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The site did not answer on ${baseUrl} within ${timeoutMs} ms\n${log()}`);
}

/** Serves dist/ on 127.0.0.1:port with the state in `persistTo`; resolves once /api/health answers. */
export async function startSite({ port, persistTo, pepper }: { port: number; persistTo: string; pepper: string }): Promise<RunningSite> {
  const args = [
    'wrangler', 'dev', '--config', 'dist/newsroom/wrangler.json', '--ip', '127.0.0.1', '--port', String(port),
    '--persist-to', persistTo, '--inspector-port', '0', '--var', `PASSWORD_PEPPER:${pepper}`, '--log-level', 'warn', '--show-interactive-dev-session=false',
  ];
  const child = spawn('npx', args, { cwd: root, env: quietEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The whole process group: npx, wrangler and workerd.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilUp(baseUrl, child, () => output, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
