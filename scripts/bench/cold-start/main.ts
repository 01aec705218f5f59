/**
 * `npm run bench:cold-start`: what a fresh isolate of the built worker costs before its first
 * answer, and what the upload weighs (decision 112).
 *
 * wrangler dev starts workerd, which loads the whole worker (every module compiled, the entry
 * evaluated) before it answers anything. Each round serves the build on a fresh state directory and
 * times the wait from the process's start to the first answer of GET /api/health (the worker's own
 * route, no D1), then that of the next one. The same is
 * timed for a bare worker with the site's assets and compatibility flags (bare-worker.ts): what the
 * site takes beyond it is the price of loading our bundle. Rounds alternate site and bare worker so
 * a busy moment of the machine falls on both. Upload sizes are wrangler's own (deploy --dry-run).
 * Results also go to bench-results/cold-start.json. COLD_START_ROUNDS (default 5), COLD_START_PORT
 * (default 8830).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../lib/project.ts';
import { run, wranglerBin } from '../../lib/run.ts';
import { builtWorkerConfig, buildSite, serveBuild } from '../../lib/serve-build.ts';
import { startBareWorker } from '../bare-worker.ts';

const rounds = Number(process.env.COLD_START_ROUNDS ?? 5);
const port = Number(process.env.COLD_START_PORT ?? 8830);
const HOME = '<!doctype html><title>Home</title><p>Home</p>';

interface Round {
  readyMs: number;
  firstAnswerMs: number;
}

async function timeFirstAnswer(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

async function siteRound(): Promise<Round> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'newsroom-cold-'));
  const started = performance.now();
  const site = await serveBuild({ port, stateDir, pollMs: 20 });
  const readyMs = performance.now() - started;
  try {
    const firstAnswerMs = await timeFirstAnswer(`${site.baseUrl}/api/health`);
    return { readyMs, firstAnswerMs };
  } finally {
    await site.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

async function bareRound(): Promise<Round> {
  const started = performance.now();
  const bare = await startBareWorker({ port, home: HOME, story: HOME, likeTheSite: true, pollMs: 20 });
  const readyMs = performance.now() - started;
  try {
    return { readyMs, firstAnswerMs: await timeFirstAnswer(`${bare.baseUrl}/api/health`) };
  } finally {
    await bare.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function uploadSize(): Promise<{ totalKiB: number; gzipKiB: number }> {
  const output = await run(process.execPath, [wranglerBin, 'deploy', '--dry-run', '--config', builtWorkerConfig], { quiet: true });
  const match = output.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  if (!match) throw new Error(`wrangler named no upload size:\n${output.slice(-2000)}`);
  return { totalKiB: Number(match[1]), gzipKiB: Number(match[2]) };
}

async function main(): Promise<void> {
  if (process.env.COLD_START_BUILD !== '0') await buildSite();
  const upload = await uploadSize();
  const site: Round[] = [];
  const bare: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    bare.push(await bareRound());
    site.push(await siteRound());
  }
  const result = {
    upload,
    rounds,
    site: { readyMs: median(site.map((r) => r.readyMs)), firstAnswerMs: median(site.map((r) => r.firstAnswerMs)) },
    bare: { readyMs: median(bare.map((r) => r.readyMs)), firstAnswerMs: median(bare.map((r) => r.firstAnswerMs)) },
  };
  const bundleMs = result.site.readyMs - result.bare.readyMs;
  console.log(`Upload: ${upload.totalKiB} KiB, ${upload.gzipKiB} KiB gzip (wrangler deploy --dry-run)`);
  console.log(`Ready (process start to first answer), median of ${rounds}:`);
  console.log(
    `  the site          ${result.site.readyMs.toFixed(0)} ms   (its first answer after that: ${result.site.firstAnswerMs.toFixed(1)} ms)`,
  );
  console.log(`  a bare worker     ${result.bare.readyMs.toFixed(0)} ms   (${result.bare.firstAnswerMs.toFixed(1)} ms)`);
  console.log(`  loading our bundle costs about ${bundleMs.toFixed(0)} ms`);
  mkdirSync(path.join(projectRoot, 'bench-results'), { recursive: true });
  writeFileSync(path.join(projectRoot, 'bench-results', 'cold-start.json'), JSON.stringify({ ...result, bundleMs, site, bare }, null, 2));
}

await main();
