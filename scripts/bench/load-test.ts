import { run } from './local-site.ts';

export interface LoadResult {
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  requests: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Hammers one URL on 127.0.0.1 with autocannon (its own process) for `seconds`, after a one-second warm-up. */
export async function loadTest(url: string, { seconds = 5, connections = 10 } = {}): Promise<LoadResult> {
  const output = await run('npx', ['autocannon', '--json', '-d', String(seconds), '-c', String(connections), '--warmup', '[', '-c', '2', '-d', '1', ']', url], { quiet: true });
  // With a warm-up, autocannon prints the warm-up's JSON line first; the run's is the last line.
  const lastLine = output.trim().split('\n').at(-1)!;
  const json = JSON.parse(lastLine) as AutocannonJson;
  return {
    url,
    requestsPerSecond: json.requests.average,
    p50Ms: json.latency.p50,
    p99Ms: json.latency.p99,
    errors: json.errors + json.timeouts + json.non2xx,
    requests: json.requests.total,
  };
}
