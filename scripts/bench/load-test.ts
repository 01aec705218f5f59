import { run } from '../lib/run.ts';

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

/** A URL to load, with the request headers to send (none by default, as curl or wrk). */
export type LoadTarget = string | { url: string; headers: Record<string, string> };

/** Hammers one URL on 127.0.0.1 with autocannon (its own process) for `seconds`, after a one-second warm-up. */
export async function loadTest(target: LoadTarget, { seconds = 5, connections = 10 } = {}): Promise<LoadResult> {
  const { url, headers } = typeof target === 'string' ? { url: target, headers: {} } : target;
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const output = await run(
    'npx',
    [
      'autocannon',
      '--json',
      '-d',
      String(seconds),
      '-c',
      String(connections),
      ...headerArgs,
      '--warmup',
      '[',
      '-c',
      '2',
      '-d',
      '1',
      ']',
      url,
    ],
    { quiet: true },
  );
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

/**
 * Measures several URLs in turns (`rounds` runs of `seconds` each, round-robin), so that a change
 * in the machine's load during the run weighs on every URL alike rather than on whichever was
 * measured at the time. Per URL: requests per second over all its runs, the median p50 and p99 of
 * its runs, and all errors.
 */
export async function loadTestInTurns(targets: LoadTarget[], { seconds = 5, rounds = 3, connections = 10 } = {}): Promise<LoadResult[]> {
  const runs = targets.map((): LoadResult[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) runs[index]!.push(await loadTest(target, { seconds, connections }));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return targets.map((target, index) => {
    const url = typeof target === 'string' ? target : target.url;
    const results = runs[index]!;
    const requests = results.reduce((sum, result) => sum + result.requests, 0);
    return {
      url,
      requestsPerSecond: requests / (seconds * rounds),
      p50Ms: median(results.map((result) => result.p50Ms)),
      p99Ms: median(results.map((result) => result.p99Ms)),
      errors: results.reduce((sum, result) => sum + result.errors, 0),
      requests,
    };
  });
}
