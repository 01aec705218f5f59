import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { STATE_DIR_ENV } from '../../../scripts/lib/local-state.ts';
import { projectRoot, quietEnv } from '../../../scripts/lib/project.ts';
import { demoReporters } from '../../../scripts/seed/demo-newsroom.ts';
import { e2ePorts, portIsFree } from './ports.ts';
import { startMailCatcher } from '../../../scripts/lib/mail-catcher.ts';
import { TranscriberStandIn } from '../../../scripts/lib/transcriber-stand-in/transcriber-stand-in.ts';
import type { E2eAccount } from './site.ts';

/**
 * Starts the site the way `npm start` does (prepare, build, serve on workerd) against a FRESH
 * state directory seeded with the demo and with credentials known to this run, on a free port,
 * and stops it (workerd included) when the run ends. E2E_PORT picks the port; otherwise the first
 * free one of E2E_PORTS (default 8800-8809).
 */

const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;
const serverLog = join(projectRoot, 'test-results', 'e2e-server.log');

async function choosePort(): Promise<number> {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  const { first, last } = e2ePorts();
  for (let port = first; port <= last; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port in ${process.env.E2E_PORTS ?? '8800-8809'} for the e2e site; set E2E_PORT`);
}

function secret(): string {
  return randomBytes(15).toString('base64url');
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitUntilServing(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The e2e site exited with ${child.exitCode} before it answered; see ${serverLog}`);
    try {
      const res = await fetch(`${baseUrl}/api/stories?limit=1`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The e2e site did not answer at ${baseUrl} within ${READY_TIMEOUT_MS / 1000}s; see ${serverLog}`);
}

/** SIGTERM to the whole process group (node and its workerd), then SIGKILL if it lingers. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), STOP_TIMEOUT_MS);
  await exited(child);
  clearTimeout(timer);
  signalGroup('SIGKILL');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stateDir = mkdtempSync(join(tmpdir(), 'newsroom-e2e-'));
  const port = await choosePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin: E2eAccount = { username: 'e2e-admin', email: 'e2e-admin@example.com', password: secret(), firstName: null, lastName: null };
  const demoPassword = secret();

  // The site mails a real local mail server (SMTP_URL), read back in Node by an independent parser.
  const mail = await startMailCatcher();
  // Captions are transcribed by the stand-in of OpenAI's transcription API (decision 126), which really decodes what it
  // is sent; it also makes the captions journey's spoken video (tests/e2e/captions.e2e.ts).
  const transcriber = await TranscriberStandIn.start();

  mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
  const log = createWriteStream(serverLog);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: projectRoot,
    // Its own process group, so stopping it also stops the workerd it spawns.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: quietEnv({
      PORT: String(port),
      [STATE_DIR_ENV]: stateDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      DEMO_PASSWORD: demoPassword,
      SEED_DEMO: '1',
      // The alerts journey's push service is on this machine, over http (scripts/lib/push-receiver).
      PUSH_ALLOW_PRIVATE: '1',
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      MAIL_FROM: 'newsroom@newsroom.test',
      // The fediverse journey's peer (tests/e2e/fediverse.e2e.ts) is a server on this machine.
      FEDERATION_ALLOW_PRIVATE: '1',
      // The journeys sign in and count views from one address far faster than a person: the limits are tested on their
      // own (tests/api/rate-limits.test.ts, scripts/check/limits.ts).
      RATE_LIMITS: 'off',
      // Paid membership against the stand-in of Stripe's API (decision 092): its Checkout page is what the members journey pays on.
      STRIPE_STAND_IN: '1',
      STRIPE_STAND_IN_PORT: process.env.E2E_STRIPE_PORT ?? '12112',
      TRANSCRIBE_URL: transcriber.url,
      // Vitest sets NODE_ENV=test; the site under test must be the production build readers get.
      NODE_ENV: 'production',
    }),
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const teardown = async () => {
    await stop(child);
    await mail.close();
    await transcriber.close();
    log.end();
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(baseUrl, child);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailCatcher', mail.httpUrl);
  project.provide('transcriberOrigin', transcriber.origin);
  project.provide('admin', admin);
  project.provide(
    'reporters',
    demoReporters.map((reporter) => ({
      username: reporter.username,
      email: reporter.email,
      password: demoPassword,
      firstName: reporter.firstName,
      lastName: reporter.lastName,
    })),
  );
  return teardown;
}
