import path from 'node:path';
import { seedDemoNewsroom, type DemoNewsroom } from './demo-newsroom.ts';
import { serveBuild, type ServedSite } from '../lib/serve-build.ts';
import { buildSite, freshState, newPepper, root } from './local-site.ts';

export interface DemoSite extends ServedSite {
  newsroom: DemoNewsroom;
}

/** Builds (unless told not to), seeds a fresh demo newsroom in its own state directory and serves it on `port`. */
export async function startDemoSite({ port, build = true, stateName = `demo-${port}` }: { port: number; build?: boolean; stateName?: string }): Promise<DemoSite> {
  if (build) await buildSite();
  const stateDir = path.join(root, '.wrangler', stateName);
  const pepper = newPepper();
  await freshState(stateDir);
  const newsroom = await seedDemoNewsroom({ stateDir, clientDir: path.join(root, 'dist', 'client'), pepper });
  const site = await serveBuild({ port, stateDir, vars: { PASSWORD_PEPPER: pepper } });
  return { ...site, newsroom };
}
