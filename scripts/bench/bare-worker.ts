import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveBuild, type ServedSite } from '../lib/serve-build.ts';

/**
 * The yardstick for the page routes: a worker with nothing in it but the same pages' bytes, served
 * by the same wrangler dev, as text/html. What the site serves slower than this is the site's own
 * cost (routing, middleware, the edge cache), not the local server's.
 */
const WORKER = `import home from './home.html';
import story from './story.html';
const pages = { '/home': home, '/story': story };
export default {
  fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/health') return new Response('ok');
    const page = pages[pathname];
    return page === undefined ? new Response('Not found', { status: 404 }) : new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  },
};
`;

export interface BareWorker extends ServedSite {
  homePath: string;
  storyPath: string;
}

/** Serves `home` at /home and `story` at /story from a bare worker on `port`. */
export async function startBareWorker({ port, home, story }: { port: number; home: string; story: string }): Promise<BareWorker> {
  const dir = await mkdtemp(path.join(tmpdir(), 'newsroom-bare-worker-'));
  await writeFile(path.join(dir, 'worker.js'), WORKER);
  await writeFile(path.join(dir, 'home.html'), home);
  await writeFile(path.join(dir, 'story.html'), story);
  await writeFile(path.join(dir, 'wrangler.json'), JSON.stringify({ name: 'bare-worker', main: 'worker.js', compatibility_date: '2026-04-20' }));
  const site = await serveBuild({ port, config: path.join(dir, 'wrangler.json'), stateDir: path.join(dir, 'state') });
  return {
    ...site,
    homePath: '/home',
    storyPath: '/story',
    stop: async () => {
      await site.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
