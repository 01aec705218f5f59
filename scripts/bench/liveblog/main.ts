import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../lib/project.ts';
import { serveBuild, type ServedSite } from '../../lib/serve-build.ts';
import { startDemoSite, UNLIMITED } from '../demo-site.ts';
import { login } from '../live/live-bench.ts';
import { machineLoad } from '../machine-load.ts';
import { resultTable, runRound, type RoundResult } from './liveblog-bench.ts';

/**
 * `npm run bench:liveblog` (decision 055): builds the site (unless --no-build), serves it
 * on workerd over a fresh demo newsroom with D1 statements counted (COUNT_D1_QUERIES=1), and for
 * each reader count in LIVEBLOG_BENCH_READERS (default 0,10,100,1000,2000: 0 is the reporter alone)
 * opens a fresh live blog, has that many simulated readers open its page and follow it as the page
 * does, and one reporter post an update every 2 s for LIVEBLOG_BENCH_SECONDS (default 60). Prints
 * one table: time from each post's 201 to each reader having it (p50, p99, max), readers that
 * missed an update, D1 statements per second over the posting, and the machine's load.
 * Results also go to bench-results/liveblog.json. Port: LIVEBLOG_BENCH_PORT (default 8866).
 *
 * Each round gets a freshly started worker over the same data: under `wrangler dev` a reader that
 * goes away does not end its stream on the server (the local proxy holds the connection; on
 * Cloudflare the runtime cancels the request), so one round's departed readers would otherwise
 * still be waking up in the next.
 */
const port = Number(process.env.LIVEBLOG_BENCH_PORT ?? 8866);
const counts = (process.env.LIVEBLOG_BENCH_READERS ?? '0,10,100,1000,2000').split(',').map(Number);
const postForMs = Number(process.env.LIVEBLOG_BENCH_SECONDS ?? 60) * 1000;
const build = !process.argv.includes('--no-build');

const stateName = 'bench-liveblog';
const vars = { ...UNLIMITED, COUNT_D1_QUERIES: '1' };
const demo = await startDemoSite({ port, build, stateName, vars });
let site: ServedSite = demo;
const results: RoundResult[] = [];
const startedLoad = machineLoad();
try {
  const reporter = demo.newsroom.reporters[0]!;
  const token = await login(site.baseUrl, { username: reporter.username, password: demo.newsroom.password });
  console.log(
    `Live blog: ${site.baseUrl}, one update every 2 s for ${postForMs / 1000} s, readers ${counts.join(', ')} (machine ${startedLoad})`,
  );
  for (const [round, readers] of counts.entries()) {
    if (round > 0) {
      await site.stop();
      site = await serveBuild({
        port,
        stateDir: path.join(projectRoot, '.wrangler', stateName),
        vars,
        echo: process.env.BENCH_ECHO === '1',
      });
    }
    const result = await runRound({ baseUrl: site.baseUrl, token, readers, postEveryMs: 2000, postForMs, joinTimeoutMs: 120_000 });
    results.push(result);
    console.log(resultTable([result]).split('\n').at(-1));
  }
  console.log(
    `\nLive blog updates (delay = a reader had the update minus its POST answered 201; D1 = every statement the worker sent D1 over the posting minute and the 5 s after, the reporter's own writes included)\n${resultTable(results)}\n`,
  );
  await mkdir(path.join(projectRoot, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(projectRoot, 'bench-results', 'liveblog.json'),
    `${JSON.stringify({ at: new Date().toISOString(), load: startedLoad, results }, null, 2)}\n`,
  );
} finally {
  await site.stop();
}
