/**
 * `npm run check:limits`: the limits that keep the newsroom up, shown on the product as a
 * newcomer runs it. Starts `npm start` itself (scripts/start.ts: prepare, build, serve on workerd;
 * PORT, default 8910) over a fresh state directory with a known admin, or checks a site already
 * running with `--url http://127.0.0.1:8910` (then ADMIN_EMAIL, ADMIN_PASSWORD and, for the D1
 * sizes, NEWSROOM_STATE_DIR say where it is). Then:
 *  1. a 300-character referrer host sent to a story of each of the eight view counters, then a normal
 *     view: the normal view's source is in the story's analytics within the flush interval;
 *  2. 30 sign-ins with 1.9 MB names: the local D1 files grow by less than 2 MB;
 *  3. 30 concurrent wrong second-step codes: at most five `401`, the rest `429`;
 *  4. the request-rate limit: one address's 121st view beacon in a minute is `429` with Retry-After.
 * Each phase speaks from an address of its own (locally a request's CF-Connecting-IP is kept: decision
 * 070), so one phase's calls do not spend another's allowance. Prints what it saw and a last line
 * `RESULT {json}`; exits non-zero when a check failed. `--no-build` serves the build in dist/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { totpCode, TOTP_PERIOD_SECONDS } from '../../src/adapters/crypto/totp.ts';
import { shardOf, VIEW_COUNTER_SHARDS } from '../../src/adapters/readership/sharded-view-counter.ts';
import { STATE_DIR_ENV, stateDir as defaultStateDir } from '../lib/local-state.ts';
import { projectRoot, quietEnv } from '../lib/project.ts';

const given = process.argv.find((arg) => arg.startsWith('--url='))?.slice('--url='.length);
const port = Number(process.env.PORT ?? 8910);
const checks: { name: string; ok: boolean; detail: Record<string, unknown> }[] = [];

function check(name: string, ok: boolean, detail: Record<string, unknown>): void {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}  ${JSON.stringify(detail)}`);
}

interface Site {
  baseUrl: string;
  stateDir: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

/** `npm start` over a fresh state directory, with an admin this run knows; stopped (workerd too) at the end. */
async function startSite(): Promise<Site> {
  const stateDir = mkdtempSync(join(tmpdir(), 'newsroom-limits-'));
  const admin = { email: 'limits-admin@example.com', password: randomBytes(15).toString('base64url') };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/start.ts', ...process.argv.filter((a) => a === '--no-build')],
    {
      cwd: projectRoot,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: quietEnv({
        PORT: String(port),
        [STATE_DIR_ENV]: stateDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SEED_DEMO: '1',
      }),
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone.
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
  process.once('exit', () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone.
    }
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // Not yet.
    }
    if (Date.now() > deadline) throw new Error(`npm start did not answer on ${baseUrl}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { baseUrl, stateDir, admin, stop };
}

function runningSite(url: string): Site {
  const email = process.env.ADMIN_EMAIL ?? 'admin@example.com';
  const password = process.env.ADMIN_PASSWORD;
  if (!password) throw new Error('With --url, set ADMIN_PASSWORD (and ADMIN_EMAIL) to the site’s admin');
  return { baseUrl: url.replace(/\/$/, ''), stateDir: defaultStateDir(), admin: { email, password }, stop: async () => {} };
}

const site = given ? runningSite(given) : await startSite();

async function call<T = unknown>(
  path: string,
  init: { method?: string; token?: string; json?: unknown; from: string },
): Promise<{ status: number; headers: Headers; body: T }> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': init.from };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${site.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
  };
}

/** Every file of the local D1 databases (the SQLite files and their write-ahead logs), in bytes. */
function d1Bytes(): number {
  const dir = join(site.stateDir, 'v3', 'd1');
  let total = 0;
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name));
      else total += statSync(join(path, entry.name)).size;
    }
  };
  walk(dir);
  return total;
}

const ADMIN_ADDRESS = '192.0.2.1';
try {
  const login = await call<{ token: string }>('/api/auth/login', {
    method: 'POST',
    json: { emailOrUsername: site.admin.email, password: site.admin.password },
    from: ADMIN_ADDRESS,
  });
  if (login.status !== 200) throw new Error(`the admin cannot sign in: ${login.status} ${JSON.stringify(login.body)}`);
  const adminToken = login.body.token;

  // 1. One freezing referrer per view counter, then a normal view, in the figures within the flush interval.
  const published = (await call<{ id: number }[]>('/api/stories?status=published&limit=100', { token: adminToken, from: ADMIN_ADDRESS }))
    .body;
  const byShard = new Map<number, number>();
  for (const story of published) if (!byShard.has(shardOf(story.id))) byShard.set(shardOf(story.id), story.id);
  for (let n = 0; byShard.size < VIEW_COUNTER_SHARDS; n++) {
    const created = await call<{ id: number }>('/api/stories', {
      method: 'POST',
      token: adminToken,
      json: {
        title: `Limits check story ${n} ${Date.now()}`,
        description: 'For the limits check',
        content: '<p>Checked.</p>',
        status: 'published',
      },
      from: ADMIN_ADDRESS,
    });
    if (!byShard.has(shardOf(created.body.id))) byShard.set(shardOf(created.body.id), created.body.id);
  }
  const stories = [...byShard.values()];
  const longHost = `${Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.')}.${'b'.repeat(44)}`;
  const VIEWER = '198.51.100.10';
  const view = (id: number, referrer: string) => call(`/api/stories/${id}/view`, { method: 'POST', json: { referrer }, from: VIEWER });
  const frozen = await Promise.all(stories.map((id) => view(id, `https://${longHost}/page`)));
  const target = stories[0]!;
  const sentAt = Date.now();
  const normal = await view(target, 'https://www.google.com/search?q=newsroom');
  const flushSeconds = Number(process.env.VIEW_FLUSH_SECONDS ?? 30);
  const day = new Date().toISOString().slice(0, 10);
  let arrivedAfter: number | null = null;
  type Figures = { sources: { source: string; views: number }[]; referrers: { host: string; views: number }[] };
  let figures = null as Figures | null;
  while (Date.now() - sentAt < (flushSeconds + 30) * 1000) {
    figures = (await call<Figures>(`/api/analytics/stories/${target}?from=${day}&to=${day}`, { token: adminToken, from: ADMIN_ADDRESS }))
      .body;
    if (figures?.sources.some((s) => s.source === 'search')) {
      arrivedAfter = Math.round((Date.now() - sentAt) / 100) / 10;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const counters = (
    await call<{ rowsSetAside: number; viewsPending: number }>('/api/analytics/counters', { token: adminToken, from: ADMIN_ADDRESS })
  ).body;
  check(
    'a 300-character referrer host to eight stories, then a normal view: in the figures within the flush interval',
    arrivedAfter !== null && arrivedAfter <= flushSeconds + 10,
    {
      hostLength: longHost.length,
      shards: stories.length,
      longHostAnswers: frozen.map((res) => res.status),
      normalViewAnswer: normal.status,
      secondsUntilInFigures: arrivedAfter,
      flushSeconds,
      sources: figures?.sources,
      referrers: figures?.referrers,
      rowsSetAside: counters.rowsSetAside,
    },
  );

  // 2. 30 sign-ins with 1.9 MB names.
  const before = d1Bytes();
  const NAMER = '198.51.100.20';
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const name = `${'n'.repeat(1.9 * 1024 * 1024)}${i}@example.org`;
    statuses.push(
      (await call('/api/auth/login', { method: 'POST', json: { emailOrUsername: name, password: 'a-guess-at-it' }, from: NAMER })).status,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const grown = d1Bytes() - before;
  check('30 sign-ins with 1.9 MB names grow the local D1 files by less than 2 MB', grown < 2 * 1024 * 1024, {
    answers: countOf(statuses),
    d1BytesBefore: before,
    d1BytesGrown: grown,
  });

  // 3. 30 concurrent wrong second-step codes for one account.
  const username = `limits${Date.now()}`;
  const password = randomBytes(12).toString('base64url');
  await call('/api/auth/register', {
    method: 'POST',
    token: adminToken,
    json: { username, email: `${username}@example.org`, password, role: 'reporter' },
    from: ADMIN_ADDRESS,
  });
  const SIGNER = '198.51.100.30';
  const reporter = (
    await call<{ token: string }>('/api/auth/login', { method: 'POST', json: { emailOrUsername: username, password }, from: SIGNER })
  ).body.token;
  const setup = await call<{ secret: string }>('/api/auth/2fa/totp/setup', {
    method: 'POST',
    token: reporter,
    json: { password },
    from: SIGNER,
  });
  const code = (steps: number) => totpCode(setup.body.secret, Date.now() + steps * TOTP_PERIOD_SECONDS * 1000);
  await call('/api/auth/2fa/totp/confirm', { method: 'POST', token: reporter, json: { code: code(-1) }, from: SIGNER });
  const challenges: string[] = [];
  for (let i = 0; i < 10; i++) {
    const step = await call<{ challenge: string }>('/api/auth/login', {
      method: 'POST',
      json: { emailOrUsername: i % 2 ? username : `${username}@example.org`, password },
      from: SIGNER,
    });
    challenges.push(step.body.challenge);
  }
  const wrong = ['000000', '111111', '222222'].find((c) => ![-1, 0, 1].some((o) => code(o) === c))!;
  const GUESSER = '198.51.100.40';
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      call<{ error: { code: string } }>('/api/auth/login/2fa', {
        method: 'POST',
        json: { challenge: challenges[i % 10], code: wrong },
        from: GUESSER,
      }),
    ),
  );
  const codes = answers.map((res) => `${res.status} ${res.body.error?.code ?? ''}`.trim());
  const unauthorized = answers.filter((res) => res.status === 401).length;
  check(
    '30 concurrent wrong second-step codes: at most five 401, the rest 429',
    unauthorized <= 5 && answers.every((res) => res.status === 401 || res.status === 429),
    {
      answers: countOf(codes),
      rightPasswordAfter: (await call('/api/auth/login', { method: 'POST', json: { emailOrUsername: username, password }, from: SIGNER }))
        .status,
    },
  );

  // 4. The request-rate limit of view beacons, from one address.
  const READER = '198.51.100.50';
  const beacons: number[] = [];
  let retryAfter: string | null = null;
  for (let i = 0; i < 125; i++) {
    const res = await call(`/api/stories/${target}/view`, { method: 'POST', json: {}, from: READER });
    beacons.push(res.status);
    retryAfter ??= res.headers.get('Retry-After');
  }
  const firstRefused = beacons.indexOf(429) + 1;
  check('one address’s view beacons: at least 100 a minute, then 429 with Retry-After', firstRefused > 100 && retryAfter !== null, {
    answers: countOf(beacons),
    firstRefusedAt: firstRefused,
    retryAfter,
  });
} finally {
  await site.stop();
}

function countOf(values: readonly (string | number)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}

console.log(`RESULT ${JSON.stringify({ ok: checks.every((c) => c.ok), checks })}`);
process.exit(checks.every((c) => c.ok) ? 0 : 1);
