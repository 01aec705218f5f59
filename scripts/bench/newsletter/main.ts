import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startMailCatcher, type MailCatcher } from '../../lib/mail-catcher.ts';
import { projectRoot } from '../../lib/project.ts';
import { runScheduledHandler, serveBuild, type ServedSite } from '../../lib/serve-build.ts';
import { startDemoSite } from '../demo-site.ts';
import { adminToken } from '../views/view-bench.ts';

/**
 * `npm run bench:newsletter` (issue 28): builds the site (unless --no-build) and serves it on
 * workerd over a fresh demo newsroom (127.0.0.1:BENCH_NEWSLETTER_PORT, default 8960), mailing a real
 * local SMTP server (scripts/lib/mail-catcher.ts, SMTP 2530) with D1 statements counted
 * (COUNT_D1_QUERIES=1). Then, twice, BENCH_NEWSLETTER_SUBSCRIBERS (default 10,000) confirmed
 * subscribers (a CSV import with consent) get one story through the fan-out queue:
 *   1. a plain send: time from the send to the last message taken, D1 statements per recipient,
 *      every address exactly one message;
 *   2. the same with the server SIGKILLed once mid-send (after BENCH_NEWSLETTER_KILL_AT messages,
 *      default a third) and served again over the same state: nobody skipped, duplicates counted.
 * After the restart the minute job (run through wrangler dev's scheduled route every 15 s here) sends
 * again the jobs the crash stranded once their lease (300 s for a batch) has passed.
 * Results also go to bench-results/newsletter.json.
 */
const port = Number(process.env.BENCH_NEWSLETTER_PORT ?? 8960);
const smtpPort = Number(process.env.BENCH_NEWSLETTER_SMTP_PORT ?? 2530);
const subscribers = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 10_000);
const killAt = Number(process.env.BENCH_NEWSLETTER_KILL_AT ?? Math.round(subscribers / 3));
const build = !process.argv.includes('--no-build');
const BUDGET_SECONDS = 120;

const uptime = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average:/, 'load');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SendAnswer {
  id: number;
  state: string;
  recipients: number;
  delivered: number;
  failed: number;
}

async function call<T>(baseUrl: string, method: string, url: string, token: string, body?: unknown, type = 'application/json'): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': type }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface D1Count {
  statements: number;
  /** As D1 reports them for run(), all() and batch() (what it bills); first() and raw() report none. */
  rowsRead: number;
  rowsWritten: number;
}

async function d1Count(baseUrl: string): Promise<D1Count> {
  const res = await fetch(`${baseUrl}/api/health/d1`);
  if (!res.ok) throw new Error('the served worker does not count D1 statements (COUNT_D1_QUERIES=1)');
  const { statements, rowsRead, rowsWritten } = (await res.json()) as D1Count;
  return { statements, rowsRead, rowsWritten };
}

const perRecipient = (after: D1Count, before: D1Count) => ({
  statements: (after.statements - before.statements) / subscribers,
  rowsRead: (after.rowsRead - before.rowsRead) / subscribers,
  rowsWritten: (after.rowsWritten - before.rowsWritten) / subscribers,
});

/** A newsletter with `subscribers` confirmed addresses (label-N@bench.test), imported with consent. */
async function audience(baseUrl: string, token: string, label: string): Promise<{ slug: string; addresses: string[] }> {
  const newsletter = await call<{ id: number; slug: string }>(baseUrl, 'POST', '/api/newsletters', token, {
    name: `Bench ${label}`,
    description: 'The benchmark’s audience',
  });
  const addresses = Array.from({ length: subscribers }, (_, i) => `${label}-${i}@bench.test`);
  const imported = await call<{ imported: number }>(
    baseUrl,
    'POST',
    `/api/newsletters/${newsletter.id}/subscribers/import?consent=true`,
    token,
    `email\n${addresses.join('\n')}\n`,
    'text/csv',
  );
  if (imported.imported !== subscribers) throw new Error(`imported ${imported.imported} of ${subscribers}`);
  return { slug: newsletter.slug, addresses };
}

interface Tally {
  received: number;
  missing: number;
  duplicates: number;
  lastAt: number;
  connections: number;
}

function tally(catcher: MailCatcher, addresses: readonly string[]): Tally {
  const counts = catcher.counts();
  let missing = 0;
  let duplicates = 0;
  for (const address of addresses) {
    const n = counts.get(address) ?? 0;
    if (n === 0) missing++;
    else duplicates += n - 1;
  }
  const lastAt = Math.max(0, ...catcher.messages.map((mail) => Date.parse(mail.receivedAt)));
  return { received: catcher.messages.length, missing, duplicates, lastAt, connections: catcher.connections };
}

async function waitForSend(
  site: () => ServedSite,
  token: string,
  sendId: number,
  timeoutMs: number,
  tick?: () => Promise<void>,
): Promise<SendAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await tick?.();
    const send = await call<SendAnswer>(site().baseUrl, 'GET', `/api/sends/${sendId}`, token).catch(() => null);
    if (send && (send.state === 'sent' || send.state === 'failed')) return send;
    if (Date.now() > deadline) throw new Error(`send ${sendId} not finished after ${timeoutMs / 1000} s: ${JSON.stringify(send)}`);
    await sleep(1000);
  }
}

const catcher = await startMailCatcher({ smtpPort, httpPort: 0 });
const vars = {
  SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
  MAIL_FROM: 'bench@newsroom.localhost',
  COUNT_D1_QUERIES: '1',
  RATE_LIMITS: 'off',
};
const demoSite = await startDemoSite({ port, build, stateName: 'bench-newsletter', vars });
const { stateDir, newsroom: demo } = demoSite;
let site: ServedSite = demoSite;
try {
  const token = await adminToken(demoSite);
  const story = demo.sampleStory;

  // 1. A plain send.
  const plain = await audience(site.baseUrl, token, 'plain');
  catcher.clear();
  const loadBefore = uptime();
  const d1Before = await d1Count(site.baseUrl);
  const started = Date.now();
  const first = await call<SendAnswer>(site.baseUrl, 'POST', `/api/stories/${story.id}/send`, token, { newsletter: plain.slug });
  const done = await waitForSend(() => site, token, first.id, 600_000);
  const plainTally = tally(catcher, plain.addresses);
  const d1 = perRecipient(await d1Count(site.baseUrl), d1Before);
  const plainSeconds = (plainTally.lastAt - started) / 1000;
  console.log(
    `plain: ${done.delivered} delivered of ${done.recipients}, ${plainTally.missing} missing, ${plainTally.duplicates} duplicates, last delivery after ${plainSeconds.toFixed(1)} s, per recipient ${d1.statements.toFixed(3)} D1 statements, ${d1.rowsRead.toFixed(1)} rows read, ${d1.rowsWritten.toFixed(1)} rows written; ${plainTally.connections} SMTP connections (${loadBefore})`,
  );

  // 2. Killed once mid-send, served again over the same state.
  const killed = await audience(site.baseUrl, token, 'killed');
  catcher.clear();
  const loadKilled = uptime();
  const killStarted = Date.now();
  const second = await call<SendAnswer>(site.baseUrl, 'POST', `/api/stories/${story.id}/send`, token, { newsletter: killed.slug });
  while (catcher.messages.length < killAt) {
    if (Date.now() - killStarted > 300_000) throw new Error('the send did not reach the kill point');
    await sleep(50);
  }
  process.kill(-site.pid, 'SIGKILL');
  const atKill = catcher.messages.length;
  await sleep(500);
  site = await serveBuild({ port, stateDir, vars });
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < 15_000) return;
    lastSweep = Date.now();
    await runScheduledHandler(site.baseUrl).catch(() => undefined);
  };
  const after = await waitForSend(() => site, token, second.id, 1_200_000, sweep);
  const killedTally = tally(catcher, killed.addresses);
  const killedSeconds = (killedTally.lastAt - killStarted) / 1000;
  console.log(
    `killed after ${atKill} messages: ${after.delivered} delivered of ${after.recipients}, ${killedTally.missing} missing, ${killedTally.duplicates} duplicates, last delivery after ${killedSeconds.toFixed(1)} s, ${killedTally.connections} SMTP connections (${loadKilled})`,
  );

  const rows = [
    [
      'run',
      'recipients',
      'delivered',
      'missing',
      'duplicates',
      'last delivery',
      'D1 stmts/recipient',
      'D1 rows read/written per recipient',
      'SMTP connections',
      'load',
    ],
    [
      'plain',
      subscribers,
      done.delivered,
      plainTally.missing,
      plainTally.duplicates,
      `${plainSeconds.toFixed(1)} s`,
      d1.statements.toFixed(3),
      `${d1.rowsRead.toFixed(1)} / ${d1.rowsWritten.toFixed(1)}`,
      plainTally.connections,
      loadBefore,
    ],
    [
      `SIGKILL after ${atKill}`,
      subscribers,
      after.delivered,
      killedTally.missing,
      killedTally.duplicates,
      `${killedSeconds.toFixed(1)} s`,
      'n/a',
      'n/a',
      killedTally.connections,
      loadKilled,
    ],
  ];
  console.log(
    [
      '',
      ...rows.map((row) => `| ${row.join(' | ')} |`),
      '',
      `Budget: ${subscribers} delivered within ${BUDGET_SECONDS} s: ${plainSeconds <= BUDGET_SECONDS && plainTally.missing === 0 ? 'met' : 'NOT met'}`,
    ].join('\n'),
  );
  await mkdir(path.join(projectRoot, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(projectRoot, 'bench-results', 'newsletter.json'),
    `${JSON.stringify({ at: new Date().toISOString(), subscribers, plain: { ...plainTally, seconds: plainSeconds, d1PerRecipient: d1, load: loadBefore }, killed: { ...killedTally, atKill, seconds: killedSeconds, load: loadKilled } }, null, 2)}\n`,
  );
  if (plainTally.missing > 0 || plainTally.duplicates > 0 || killedTally.missing > 0) process.exitCode = 1;
} finally {
  await site.stop();
  await catcher.close();
}
