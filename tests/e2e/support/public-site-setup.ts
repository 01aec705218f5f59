import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';
import type { E2eAccount } from './site.ts';

/**
 * Global setup for the public-site journeys until they run under the project's e2e harness:
 * serves a freshly built, freshly seeded site (scripts/bench/serve-demo.ts) on E2E_PORT
 * (default 8812) and provides what the harness provides: baseUrl, admin, reporters.
 */
const READY_TIMEOUT_MS = 240_000;

type SeededAccount = E2eAccount & { id: number; role: string };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = process.env.E2E_PORT ?? '8812';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/serve-demo.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: port },
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await exited;
  };

  const ready = await new Promise<{ baseUrl: string; admin: SeededAccount; reporters: SeededAccount[] }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The site did not start within ${READY_TIMEOUT_MS / 1000}s`)), READY_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`serve-demo exited with ${code} before the site was up`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  const account = ({ username, email, password, firstName, lastName }: SeededAccount): E2eAccount => ({ username, email, password, firstName, lastName });
  project.provide('baseUrl', ready.baseUrl);
  project.provide('admin', account(ready.admin));
  project.provide('reporters', ready.reporters.map(account));
  return stop;
}
