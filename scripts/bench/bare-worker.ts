import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { builtWorkerConfig, serveBuild, type ServedSite } from '../lib/serve-build.ts';

/**
 * The yardstick for the page routes: a worker with nothing in it but the same pages' bytes, served
 * by the same wrangler dev, as text/html. What the site serves slower than this is the site's own
 * cost (routing, middleware, the edge cache), not the local server's. `likeTheSite` gives it the
 * built site's platform settings too (its static assets with run_worker_first, its compatibility
 * flags): wrangler dev then sends every request through its assets router worker first, as it
 * does the site's.
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

/** The built site's assets and compatibility settings, with paths made absolute. */
async function siteSettings(): Promise<Record<string, unknown>> {
  const built = JSON.parse(await readFile(builtWorkerConfig, 'utf8')) as {
    assets?: { directory: string };
    compatibility_flags?: string[];
    compatibility_date?: string;
  };
  const assets = built.assets
    ? { ...built.assets, directory: path.resolve(path.dirname(builtWorkerConfig), built.assets.directory) }
    : undefined;
  return { assets, compatibility_flags: built.compatibility_flags, compatibility_date: built.compatibility_date };
}

/** Serves `home` at /home and `story` at /story from a bare worker on `port`. */
export async function startBareWorker({
  port,
  home,
  story,
  likeTheSite = false,
  pollMs,
}: {
  port: number;
  home: string;
  story: string;
  likeTheSite?: boolean;
  pollMs?: number;
}): Promise<BareWorker> {
  const dir = await mkdtemp(path.join(tmpdir(), 'newsroom-bare-worker-'));
  await writeFile(path.join(dir, 'worker.js'), WORKER);
  await writeFile(path.join(dir, 'home.html'), home);
  await writeFile(path.join(dir, 'story.html'), story);
  const config = { name: 'bare-worker', main: 'worker.js', compatibility_date: '2026-11-02', ...(likeTheSite ? await siteSettings() : {}) };
  await writeFile(path.join(dir, 'wrangler.json'), JSON.stringify(config));
  const site = await serveBuild({ port, config: path.join(dir, 'wrangler.json'), stateDir: path.join(dir, 'state'), pollMs });
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
