import { inject } from 'vitest';
import { e2ePorts, portIsFree } from './ports.ts';

/**
 * A free port of E2E_PORTS for a site of a journey's own. The run's sites keep theirs (the lowest),
 * and each worker looks only at its own ports from the top of the range down (every N-th, N the
 * number of workers), so two journeys starting sites of their own at once never pick the same one.
 */
export async function spareSitePort(): Promise<number> {
  const { first, last } = e2ePorts();
  const sites = inject('sites');
  const taken = new Set(sites.map((site) => Number(new URL(site.baseUrl).port)));
  const workers = sites.length;
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  for (let port = last - (worker % workers); port >= first; port -= workers) if (!taken.has(port) && (await portIsFree(port))) return port;
  throw new Error(`no spare free port for worker ${worker + 1} in ${process.env.E2E_PORTS ?? '8800-8809'}`);
}
