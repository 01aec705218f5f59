import { e2ePorts, portIsFree } from './ports.ts';
import { site } from './site.ts';

/** A free port of E2E_PORTS for a site of a journey's own (the run's shared site keeps its port). */
export async function spareSitePort(): Promise<number> {
  const { first, last } = e2ePorts();
  const taken = Number(new URL(site().baseUrl).port);
  for (let port = last; port >= first; port--) if (port !== taken && (await portIsFree(port))) return port;
  throw new Error(`no second free port in ${process.env.E2E_PORTS ?? '8800-8809'}`);
}
