import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startPeerProcess } from '../../fediverse-peer/process.ts';
import { projectRoot } from '../../lib/project.ts';
import { startDemoSite } from '../demo-site.ts';
import { login } from '../live/live-bench.ts';
import { machineLoad } from '../machine-load.ts';
import { d1Statements, inParallel, json, receivedOf, resultTable, waitFor, type PeerEntry, type RoundResult } from './federation-bench.ts';

/**
 * `npm run bench:federation` (docs/decisions/096): serves the built site over a fresh demo
 * newsroom (D1 statements counted, FEDERATION_ALLOW_PRIVATE=1) and starts the test peer as a process
 * of its own playing 50 servers (127.0.0.2 to 127.0.0.51, one port), each with 20 people: 10 follow
 * a reporter, 10 the newsroom, by real signed Follows (the peer checks every Accept it gets). Then,
 * twice, the reporter publishes a story and the bench waits until every server has its Create:
 *   1. every server answers at once;
 *   2. three servers answer after 6 s and two answer 500 to their first try.
 * Prints, per round: servers that got the Create exactly once (verified by the peer's own code),
 * duplicates, time from the POST's 201 to the last healthy server and to the last of all, deliveries
 * (Create and the newsroom's boost, one per server each), and D1 statements per delivery. Results go
 * to bench-results/federation.json. Ports: FEDERATION_BENCH_PORT (default 9030) for the site,
 * FEDERATION_BENCH_PEER_PORT (default 9040) for the peer's servers.
 */
const port = Number(process.env.FEDERATION_BENCH_PORT ?? 9030);
const peerPort = Number(process.env.FEDERATION_BENCH_PEER_PORT ?? 9040);
const SERVERS = Number(process.env.FEDERATION_BENCH_SERVERS ?? 50);
const PER_SERVER = 20;
const BUDGET_MS = 30_000;
const build = !process.argv.includes('--no-build');

const startedLoad = machineLoad();
const site = await startDemoSite({
  port,
  build,
  stateName: 'bench-federation',
  vars: { COUNT_D1_QUERIES: '1', FEDERATION_ALLOW_PRIVATE: '1' },
});
const peer = await startPeerProcess(`127.0.0.2-${SERVERS + 1}:${peerPort}`, { sharedKeys: true });
const results: RoundResult[] = [];
try {
  const reporter = site.newsroom.reporters[0]!;
  const token = await login(site.baseUrl, { username: reporter.username, password: site.newsroom.password });
  const control = peer.origins[0]!;
  console.log(
    `Federation: ${site.baseUrl}, ${SERVERS} servers × ${PER_SERVER} followers on ${control.replace(/\d+\.\d+:/, 'x:')} (${startedLoad})`,
  );

  // A first write (a draft) tells the fediverse about the demo's own stories while nobody follows yet, as
  // npm start's first minute would; then 1,000 followers by real Follows, half of the reporter, half of the newsroom.
  await json(`${site.baseUrl}/api/stories`, {
    method: 'POST',
    token,
    body: JSON.stringify({ title: 'Federation bench: warm-up', description: 'A draft.', content: '<p>Draft.</p>', status: 'draft' }),
  });
  const followStarted = Date.now();
  const follows = peer.origins.flatMap((origin) =>
    Array.from({ length: PER_SERVER }, (_, i) => ({
      origin,
      name: `reader${i}`,
      account: i < PER_SERVER / 2 ? String(reporter.id) : 'newsroom',
    })),
  );
  await inParallel(follows, Number(process.env.FEDERATION_BENCH_FOLLOWERS_AT_ONCE ?? 12), async ({ origin, name, account }) => {
    const sent = await json<{ status: number }>(`${origin}/_peer/send`, {
      method: 'POST',
      body: JSON.stringify({
        actor: name,
        inbox: `${site.baseUrl}/ap/inbox`,
        activity: { type: 'Follow', object: `${site.baseUrl}/ap/actors/${account}` },
      }),
    });
    if (sent.status !== 202) throw new Error(`a Follow was answered ${sent.status}: ${(sent as { text?: string }).text?.slice(0, 300)}`);
  });
  const accepts = await waitFor(
    () => receivedOf(control, 'Accept', followStarted),
    (got) => got.length >= follows.length,
    300_000,
  );
  const acceptedIn = ((Date.now() - followStarted) / 1000).toFixed(1);
  console.log(
    `${follows.length} follows answered and ${accepts.filter((a) => a.verified).length} signed Accepts received in ${acceptedIn} s`,
  );

  const round = async (name: string, failing: Map<string, 'slow' | 'fails first'>): Promise<RoundResult> => {
    for (const origin of peer.origins) {
      const kind = failing.get(origin);
      const behavior = kind === 'slow' ? { delayMs: 6000 } : kind === 'fails first' ? { status: 500, failFirst: 1 } : {};
      await json(`${origin}/_peer/behavior`, { method: 'POST', body: JSON.stringify(behavior) });
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const statementsBefore = await d1Statements(site.baseUrl);
    const story = await json<{ id: number }>(`${site.baseUrl}/api/stories`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        title: `Federation bench: ${name}`,
        description: 'One story to every server.',
        content: '<p>Delivered.</p>',
        status: 'published',
      }),
    });
    const published = Date.now();
    const articleId = `${site.baseUrl}/ap/articles/${story.id}`;
    const createsOf = async () =>
      (await receivedOf(control, 'Create', published)).filter(
        (entry) => (entry.activity?.object as { id?: string } | undefined)?.id === articleId,
      );
    const healthy = peer.origins.filter((origin) => !failing.has(origin));
    const byHost = (entries: PeerEntry[]) => new Map(entries.filter((e) => e.status < 300).map((e) => [e.host, e]));
    const firstLook = await waitFor(createsOf, (got) => healthy.every((origin) => byHost(got).has(origin)), 120_000);
    const lastHealthyMs = Math.max(...healthy.map((origin) => (byHost(firstLook).get(origin)?.at ?? Infinity) - published));
    const all = await waitFor(createsOf, (got) => peer.origins.every((origin) => byHost(got).has(origin)), 150_000);
    const boosts = await waitFor(
      async () =>
        (await receivedOf(control, 'Announce', published)).filter((e) => (e.activity?.object as string) === articleId && e.status < 300),
      (got) => got.length >= peer.origins.length,
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const statements = (await d1Statements(site.baseUrl)) - statementsBefore;
    const accepted = all.filter((entry) => entry.status < 300);
    const perHost = new Map<string, number>();
    for (const entry of accepted) perHost.set(entry.host, (perHost.get(entry.host) ?? 0) + 1);
    const delivered = byHost(all);
    return {
      round: name,
      servers: peer.origins.length,
      exactlyOnce: [...perHost.values()].filter((n) => n === 1).length,
      duplicates: [...perHost.values()].filter((n) => n > 1).length,
      unverified: all.filter((entry) => !entry.verified).length,
      lastHealthyMs,
      lastMs: delivered.size === peer.origins.length ? Math.max(...[...delivered.values()].map((e) => e.at - published)) : null,
      deliveries: accepted.length + boosts.length,
      statements,
      retried: [...failing.entries()]
        .filter(([, kind]) => kind === 'fails first')
        .map(([origin]) => ({ host: new URL(origin).host, afterMs: (delivered.get(origin)?.at ?? NaN) - published })),
    };
  };

  results.push(await round('all answer', new Map()));
  console.log(resultTable(results));
  const troubled = new Map<string, 'slow' | 'fails first'>([
    [peer.origins[0]!, 'slow'],
    [peer.origins[1]!, 'slow'],
    [peer.origins[2]!, 'slow'],
    [peer.origins[3]!, 'fails first'],
    [peer.origins[4]!, 'fails first'],
  ]);
  results.push(await round('3 slow (6 s), 2 fail (500)', troubled));
  const endedLoad = machineLoad();
  console.log(
    `\nOne story to ${SERVERS} servers (${SERVERS * PER_SERVER} followers; time = from the POST's 201 to the server having it; D1 = every statement from the POST to the last delivery, the publish's own included; budget ${BUDGET_MS / 1000} s)\n${resultTable(results)}\n${endedLoad}`,
  );
  const withinBudget = results.every((r) => r.lastHealthyMs <= BUDGET_MS && r.exactlyOnce === r.servers && r.unverified === 0);
  console.log(
    withinBudget ? 'Every server had it exactly once, verified, healthy ones within the budget.' : 'NOT within the budget: see above.',
  );
  await mkdir(path.join(projectRoot, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(projectRoot, 'bench-results', 'federation.json'),
    `${JSON.stringify({ at: new Date().toISOString(), load: { started: startedLoad, ended: endedLoad }, acceptedIn, results }, null, 2)}\n`,
  );
  if (!withinBudget) process.exitCode = 1;
} finally {
  await peer.stop();
  await site.stop();
}
