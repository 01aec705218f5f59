import path from 'node:path';
import type { Story } from '../../src/domain/story/entities.ts';
import type { User } from '../../src/domain/users/entities.ts';
import { generatePassword } from '../lib/admin-account.ts';
import { ensureDevVars } from '../lib/dev-vars.ts';
import { freshState, withLocalDeps } from '../lib/local-platform.ts';
import { projectRoot } from '../lib/project.ts';
import { buildSite, serveBuild, type ServedSite } from '../lib/serve-build.ts';
import { seedDemoNewsroom } from '../seed/seed-demo-newsroom.ts';
import { readDemoPicture } from '../seed/demo-pictures.ts';

/** The demo newsroom a DemoSite serves: what `npm start` seeds, with the reporters' one password. */
/** Benchmarks offer load from one address far past any client's rate: the request-rate limits are off for them (decision 070). */
export const UNLIMITED = { RATE_LIMITS: 'off' } as const;

export interface DemoNewsroom {
  reporters: User[];
  /** Every reporter's password. */
  password: string;
  stories: Story[];
  /** The newest published story with a featured image and no video (what the benchmark reads as "a story page"). */
  sampleStory: Story;
}

export interface DemoSite extends ServedSite {
  newsroom: DemoNewsroom;
  /** Its local D1, R2 and Durable Objects (serve it again from here after a crash, say). */
  stateDir: string;
}

/**
 * Builds (unless told not to), seeds the demo newsroom (scripts/seed/, through the real
 * repositories, as `npm start` does) into a fresh state directory of its own, .wrangler/<stateName>,
 * and serves it on `port`. Password hashes use the local .dev.vars pepper, which the build copies
 * next to the worker, so the reporters can sign in.
 */
export async function startDemoSite({
  port,
  build = true,
  stateName = `demo-${port}`,
  vars,
}: {
  port: number;
  build?: boolean;
  stateName?: string;
  /** Extra bindings for the served worker (wrangler --var): bench:liveblog's COUNT_D1_QUERIES, the crash check's short LIVE_GRACE_SECONDS, bench:views' VIEW_FLUSH_SECONDS. */
  vars?: Record<string, string>;
}): Promise<DemoSite> {
  ensureDevVars();
  if (build) await buildSite();
  const stateDir = path.join(projectRoot, '.wrangler', stateName);
  await freshState(stateDir);
  const password = generatePassword();
  const outcome = await withLocalDeps((deps) => seedDemoNewsroom(deps, password, readDemoPicture), stateDir);
  if (outcome.kind !== 'seeded') throw new Error(`The demo newsroom was not seeded: ${outcome.reason}`);
  const published = outcome.stories
    .filter((story) => story.status === 'published')
    .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
  const sampleStory = published.find((story) => story.featuredImageUrl && !story.videoUrl);
  if (!sampleStory) throw new Error('The demo newsroom has no published story with a picture and no video');
  const site = await serveBuild({ port, stateDir, vars: { ...UNLIMITED, ...vars }, echo: process.env.BENCH_ECHO === '1' });
  return { ...site, stateDir, newsroom: { reporters: outcome.reporters, password, stories: outcome.stories, sampleStory } };
}
