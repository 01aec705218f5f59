import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDemoSite } from '../demo-site.ts';
import { projectRoot } from '../../lib/project.ts';
import { availableModes, login, loopedFixture, resultTable, runRound, type FixtureContainer, type RoundResult } from './live-bench.ts';
import type { ViewerMode } from './viewers.ts';

/**
 * `npm run bench:live` (issues 11 and 18): builds the site (unless --no-build), serves it on workerd
 * over a fresh demo newsroom (127.0.0.1:LIVE_BENCH_PORT, default 8820), and for each container in
 * LIVE_BENCH_CONTAINERS (default webm,mp4: the WebM camera fixture and the MP4 one this Chromium
 * records), each viewer mode the build serves (ws: GET /api/streams/{id}/watch; http: the segments
 * of docs/decisions/025) and each count in LIVE_BENCH_VIEWERS (default 100,1000,2000) streams the
 * fixture looped LIVE_BENCH_LOOPS times (default 3: 24 one-second chunks) to that many viewers that
 * do what the player does (its manifest read every 10 s included), and prints one table: join time,
 * viewers that got every byte, chunk delay p50/p99/max, the stream object's work per chunk and this
 * process's CPU. LIVE_BENCH_MODES=ws,http picks modes. Results also go to bench-results/live.json,
 * with the machine's load (`uptime`) before and after. Run it alone: `/work/bin/heavy --exclusive npm run bench:live`.
 */
const port = Number(process.env.LIVE_BENCH_PORT ?? 8820);
const counts = (process.env.LIVE_BENCH_VIEWERS ?? '100,1000,2000').split(',').map(Number);
const loops = Number(process.env.LIVE_BENCH_LOOPS ?? 3);
const joinTimeoutMs = Number(process.env.LIVE_BENCH_JOIN_TIMEOUT_MS ?? 180_000);
const build = !process.argv.includes('--no-build');

const containers = (process.env.LIVE_BENCH_CONTAINERS ?? 'webm,mp4').split(',') as FixtureContainer[];
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const loadBefore = uptime();
console.log(`Machine load before: ${loadBefore}`);
const site = await startDemoSite({ port, build, stateName: 'bench-live' });
const results: RoundResult[] = [];
try {
  const token = await login(site.baseUrl, { username: site.newsroom.reporters[0]!.username, password: site.newsroom.password });
  const served = await availableModes(site.baseUrl, token);
  const asked = process.env.LIVE_BENCH_MODES?.split(',') as ViewerMode[] | undefined;
  const modes = asked ? asked.filter((mode) => served.includes(mode)) : served;
  if (modes.length === 0)
    throw new Error(`this build serves none of the viewer modes asked for (it serves: ${served.join(', ') || 'none'})`);
  for (const container of containers) {
    const looped = await loopedFixture(loops, container);
    console.log(
      `Live: ${site.baseUrl}, ${container}, modes ${modes.join(', ')}, ${looped.chunks.length} chunks of about 1 s (the camera fixture looped ${loops} times)`,
    );
    for (const mode of modes) {
      for (const viewers of counts) {
        const result = await runRound({
          container,
          baseUrl: site.baseUrl,
          token,
          mode,
          viewers,
          chunks: looped.chunks,
          initLength: looped.init.length,
          patches: looped.patches,
          chunkIntervalMs: 1000,
          joinTimeoutMs,
          drainMs: 30_000,
        });
        results.push(result);
        console.log(resultTable([result]).split('\n').at(-1));
      }
    }
  }
  const loadAfter = uptime();
  console.log(
    `\nLive streams, chunks of about 1 s (delay = a viewer got a chunk's last byte minus the publisher sent it, over chunks sent after it joined; with catch-up: every chunk it got)\n${resultTable(results)}\n`,
  );
  console.log(`Machine load before: ${loadBefore}\nMachine load after:  ${loadAfter}`);
  await mkdir(path.join(projectRoot, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(projectRoot, 'bench-results', 'live.json'),
    `${JSON.stringify({ at: new Date().toISOString(), loops, loadBefore, loadAfter, results }, null, 2)}\n`,
  );
} finally {
  await site.stop();
}
