/**
 * Upload benchmark: a 200 MB generated video through the resumable multipart routes into local R2,
 * and a 90 MB one through the single-request streaming route, reporting throughput and the peak
 * resident memory of the workerd processes running the worker (sampled from /proc) while it runs.
 *
 *   npx tsx scripts/bench-upload.ts                 # builds, serves the built site on :8821 (BENCH_UPLOAD_PORT), measures
 *   npx tsx scripts/bench-upload.ts --no-build      # reuses dist/
 *   BENCH_URL=http://127.0.0.1:8787 BENCH_TOKEN=<reporter token> [BENCH_PID=<server pid>] npx tsx scripts/bench-upload.ts
 *
 * The memory figure is every workerd process under the server: locally that one process runs the
 * worker AND miniflare's R2 and D1 simulators, so it is an upper bound for the worker itself.
 *
 * Bounded in time (BENCH_TIMEOUT_SECONDS, default 300). Prints one summary line per run and writes
 * bench-results/upload.json.
 */
import { createHash, randomFillSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createLocalReporter } from './bench/local-reporter.ts';
import { descendantsNamed, residentBytes } from './bench/process-memory.ts';
import { applyLocalMigrations } from './lib/local-platform.ts';
import { stateDir } from './lib/local-state.ts';
import { runWrangler } from './lib/run.ts';
import { buildSite, serveBuild, type ServedSite } from './lib/serve-build.ts';

const MB = 1_000_000;
const PORT = Number(process.env.BENCH_UPLOAD_PORT ?? 8821);
const MULTIPART_BYTES = Number(process.env.BENCH_MULTIPART_MB ?? 200) * MB;
/** Under the platform's 100 MB request limit. */
const SINGLE_BYTES = Number(process.env.BENCH_SINGLE_MB ?? 90) * MB;
const CONCURRENCY = 4;
const timeoutSeconds = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 300);
const deadline = AbortSignal.timeout(timeoutSeconds * 1000);

/** A WebM header (so the type check accepts it) followed by random bytes. */
function generatedVideo(size: number): Buffer {
  const head = readFileSync(new URL('../tests/fixtures/camera-vp9-opus.webm', import.meta.url)).subarray(0, 4096);
  const file = Buffer.allocUnsafe(size);
  head.copy(file);
  for (let at = head.length; at < size; at += 1 << 20) randomFillSync(file, at, Math.min(1 << 20, size - at));
  return file;
}

class MemorySampler {
  private timer: ReturnType<typeof setInterval> | null = null;
  peak = 0;
  baseline = 0;

  constructor(private readonly pids: () => number[]) {}

  private sample(): number {
    return this.pids().reduce((sum, pid) => sum + residentBytes(pid), 0);
  }

  start(): void {
    this.baseline = this.sample();
    this.peak = this.baseline;
    this.timer = setInterval(() => (this.peak = Math.max(this.peak, this.sample())), 50);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.peak = Math.max(this.peak, this.sample());
  }
}

async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: string | Uint8Array,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    body: body as BodyInit | undefined,
    headers: { Authorization: `Bearer ${token}`, ...headers },
    signal: deadline,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function sha256Of(url: string): Promise<string> {
  const res = await fetch(url, { signal: deadline });
  const hash = createHash('sha256');
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}

interface RunOutcome {
  seconds: number;
  key: string;
  url: string;
  size: number;
  partSize?: number;
  partCount?: number;
}

async function multipartRun(base: string, token: string, file: Buffer): Promise<RunOutcome> {
  const started = performance.now();
  const session = await call(
    base,
    token,
    'POST',
    '/api/uploads',
    JSON.stringify({ filename: 'bench.webm', size: file.length, kind: 'video' }),
    { 'Content-Type': 'application/json' },
  );
  const { uploadId, partSize, partCount } = session as { uploadId: string; partSize: number; partCount: number };
  const put = (n: number) => {
    const part = new Uint8Array(file.buffer, file.byteOffset + (n - 1) * partSize, Math.min(partSize, file.length - (n - 1) * partSize));
    return call(base, token, 'PUT', `/api/uploads/${uploadId}/parts/${n}`, part, { 'Content-Length': String(part.length) });
  };
  await put(1);
  let next = 2;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next <= partCount) await put(next++);
    }),
  );
  const done = (await call(base, token, 'POST', `/api/uploads/${uploadId}/complete`)) as { key: string; url: string; size: number };
  return { seconds: (performance.now() - started) / 1000, ...done, partSize, partCount };
}

async function singleRun(base: string, token: string, file: Buffer): Promise<RunOutcome> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="bench.webm"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  const done = (await call(base, token, 'POST', '/api/upload/video', new Uint8Array(Buffer.concat([head, file, tail])), {
    'Content-Type': `multipart/form-data; boundary=${boundary}`,
  })) as { key: string; url: string; size: number };
  return { seconds: (performance.now() - started) / 1000, ...done };
}

async function removeObject(key: string, dir: string): Promise<void> {
  await runWrangler(['r2', 'object', 'delete', `newsroom-media/${key}`, '--local', '--persist-to', dir]).catch((error: unknown) =>
    console.error(error),
  );
}

async function measured<T>(pids: () => number[], work: () => Promise<T>): Promise<{ value: T; baseline: number; peak: number }> {
  const memory = new MemorySampler(pids);
  memory.start();
  try {
    const value = await work();
    return { value, baseline: memory.baseline, peak: memory.peak };
  } finally {
    memory.stop();
  }
}

const mb = (bytes: number) => Number((bytes / MB).toFixed(1));

async function main() {
  const external = process.env.BENCH_URL;
  let token = process.env.BENCH_TOKEN ?? '';
  // The server, its reporter and the clean-up all use one state directory (NEWSROOM_STATE_DIR or .wrangler/state).
  const dir = stateDir();
  let reporter: Awaited<ReturnType<typeof createLocalReporter>> | null = null;
  if (external && !token) throw new Error('Set BENCH_TOKEN (a reporter session token) when BENCH_URL points at a running site');
  if (!external) {
    if (!process.argv.includes('--no-build')) await buildSite();
    await applyLocalMigrations(dir, { quiet: true });
    reporter = await createLocalReporter('bench', dir);
    token = reporter.token;
  }
  const results: Record<string, unknown>[] = [];
  const stored: string[] = [];
  try {
    for (const [name, size, runOnce] of [
      ['multipart', MULTIPART_BYTES, multipartRun],
      ['single-request', SINGLE_BYTES, singleRun],
    ] as const) {
      // A fresh server per run, so each baseline is the worker at rest.
      let server: ServedSite | null = null;
      try {
        if (!external) server = await serveBuild({ port: PORT, stateDir: dir });
        const base = external ?? `http://127.0.0.1:${PORT}`;
        // With a server of our own, its workerd; else the process BENCH_PID names (and its children), if given.
        const rootPid = server?.pid ?? (process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null);
        const pids = () => (rootPid ? [...(server ? [] : [rootPid]), ...descendantsNamed(rootPid, 'workerd')] : []);
        const file = generatedVideo(size);
        const expectedHash = createHash('sha256').update(file).digest('hex');
        const upload = await measured(pids, () => runOnce(base, token, file));
        stored.push(upload.value.key);
        const download = await measured(pids, () => sha256Of(`${base}${upload.value.url}`));
        const intact = upload.value.size === file.length && download.value === expectedHash;
        const result = {
          run: name,
          megabytes: size / MB,
          seconds: Number(upload.value.seconds.toFixed(2)),
          throughputMBps: Number((size / MB / upload.value.seconds).toFixed(1)),
          memoryMeasured: rootPid !== null,
          workerdBaselineMB: mb(upload.baseline),
          workerdPeakMB: mb(upload.peak),
          workerdGrowthMB: mb(upload.peak - upload.baseline),
          readBackPeakMB: mb(download.peak),
          readBackIntact: intact,
          ...(upload.value.partSize ? { partSize: upload.value.partSize, parts: upload.value.partCount, concurrency: CONCURRENCY } : {}),
        };
        results.push(result);
        const memoryText = result.memoryMeasured
          ? `workerd RSS peak ${result.workerdPeakMB} MB (at rest ${result.workerdBaselineMB} MB, +${result.workerdGrowthMB} MB); reading it back peaked at ${result.readBackPeakMB} MB`
          : 'memory not measured (set BENCH_PID)';
        console.log(
          `upload ${name}: ${result.megabytes} MB in ${result.seconds} s = ${result.throughputMBps} MB/s; ${memoryText}; read back ${intact ? 'intact' : 'DIFFERENT'}`,
        );
        if (!intact) process.exitCode = 1;
      } finally {
        if (server) await server.stop();
      }
    }
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/upload.json', `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
  } finally {
    if (!external) for (const key of stored) await removeObject(key, dir);
    await reporter?.remove();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
