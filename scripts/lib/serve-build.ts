import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { portIsFree } from './ports.ts';
import { projectRoot, quietEnv } from './project.ts';
import { run, wranglerBin } from './run.ts';
/** What `vite build` writes for the worker: its bundle and a wrangler config pointing at dist/client. */
export const builtWorkerConfig = join(projectRoot, 'dist', 'newsroom', 'wrangler.json');

export interface ServedSite {
  baseUrl: string;
  /** The process group leader (wrangler); workerd runs under it. */
  pid: number;
  stop(): Promise<void>;
}

export interface ServeOptions {
  port: number;
  /** The wrangler config to serve; the build's (dist/newsroom/wrangler.json) unless given. */
  config?: string;
  /** Local D1/R2/Durable Object state (wrangler's --persist-to; see local-state.ts). */
  stateDir: string;
  /** Extra bindings, as wrangler's --var NAME:VALUE (the build's .dev.vars applies otherwise). */
  vars?: Record<string, string>;
  /** Pass the server's output (the worker's own logs among it) through to this process. */
  echo?: boolean;
  timeoutMs?: number;
  /** How often to ask whether it answers yet (bench:cold-start times the wait, so asks often). */
  pollMs?: number;
}

const HOST = '127.0.0.1';

/**
 * Runs the served worker's scheduled handler (wrangler.toml's Cron Trigger, the minute job) once,
 * through the route wrangler dev gives every worker it serves; resolves with its status.
 */
export async function runScheduledHandler(baseUrl: string, cron = '* * * * *'): Promise<number> {
  const res = await fetch(`${baseUrl}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
  await res.body?.cancel();
  return res.status;
}

/** `vite build` in its own process (the client and the worker into dist/), output shown only on failure. */
export async function buildSite(): Promise<void> {
  await run('npx', ['vite', 'build'], { quiet: true });
}

/**
 * Refuses a port something else listens on, after a few seconds' grace for a server that was just
 * stopped: the readiness check below would take another server's answers for this one's.
 */
export async function ensurePortFree(port: number, graceMs = 5_000): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (!(await portIsFree(port))) {
    if (Date.now() > deadline)
      throw new Error(
        `Port ${port} on ${HOST} is taken: is the newsroom already running there? Stop it, or choose another port (PORT=... npm start).`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Serves the built site (dist/) on workerd through `wrangler dev`, as `npm start`, the benchmark
 * and the e2e run do: the same worker, assets and bindings `wrangler deploy` ships, over local
 * state. Its HTTP server sends answers the way the worker shapes them (compressed ones included).
 * Resolves once /api/health answers; the server runs in its own process group, which stop() ends.
 */
export async function serveBuild({
  port,
  config = builtWorkerConfig,
  stateDir,
  vars = {},
  echo = false,
  timeoutMs = 90_000,
  pollMs = 250,
}: ServeOptions): Promise<ServedSite> {
  await ensurePortFree(port);
  const args = [
    wranglerBin,
    'dev',
    '--config',
    config,
    '--ip',
    HOST,
    '--port',
    String(port),
    '--persist-to',
    stateDir,
    '--inspector-port',
    '0',
    '--log-level',
    'warn',
    '--show-interactive-dev-session=false',
    // The site's own address is its public origin (links in mail, the fediverse's ids), unless told another.
    ...Object.entries({ SITE_ORIGIN: `http://${HOST}:${port}`, ...vars }).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
  ];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: quietEnv({ NO_COLOR: '1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer, into: NodeJS.WriteStream) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (echo) into.write(chunk);
  };
  child.stdout!.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
  child.stderr!.on('data', (chunk: Buffer) => keep(chunk, process.stderr));

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  // Should this process end without stopping the server, the server ends with it.
  const orphanGuard = () => signalGroup('SIGKILL');
  process.once('exit', orphanGuard);
  const stop = async () => {
    process.off('exit', orphanGuard);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const baseUrl = `http://${HOST}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, pid: child.pid!, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The site did not answer on ${baseUrl} within ${timeoutMs} ms\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
