import type { AppDeps } from '../../src/adapters/app-deps.ts';
import { prepareStoryWrite, saveWithSlug } from '../../src/services/story/story-save.ts';
import type { Beat } from '../../src/domain/beats/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import type { User } from '../../src/domain/users/entities.ts';
import { registerSchema } from '../../src/domain/users/schemas.ts';
import { storySaveSchema } from '../../src/domain/story/schemas.ts';
import { demoBeats, demoNewsletter, demoReporters, demoStories } from './demo-newsroom.ts';
import { createNewsletter } from '../../src/services/newsletters/manage-newsletters.ts';
import type { Newsletter } from '../../src/domain/newsletters/entities.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { mediaKey, mediaUrl } from '../../src/media/media-keys.ts';

/**
 * Seeds the demo newsroom through the real repositories, and the stories through the same save
 * path as `POST /api/stories` (schema, sanitiser, beat check, slug, publishedAt). No Node APIs:
 * the workers test pool runs this too.
 */

/** Reads a demo picture's bytes by its file name in public/demo (Node's callers read the file; null keeps its /demo/ address). */
export type DemoPictureReader = (file: string) => Promise<Uint8Array | null>;

export type DemoSeedOutcome =
  { kind: 'seeded'; beats: Beat[]; reporters: User[]; stories: Story[]; newsletter: Newsletter } | { kind: 'skipped'; reason: string };

const HOUR_MS = 60 * 60 * 1000;

/** True when nothing has been written yet: no story (of any status) and no beat. */
async function isEmptyNewsroom(deps: AppDeps): Promise<boolean> {
  const { total } = await deps.stories.list({ scope: { kind: 'all' }, limit: 1, offset: 0 });
  return total === 0 && (await deps.beats.list()).length === 0;
}

function byName<T>(items: T[], key: (item: T) => string, name: string, what: string): T {
  const found = items.find((item) => key(item) === name);
  if (!found) throw new Error(`The demo data names an unknown ${what}: ${name}`);
  return found;
}

/**
 * The demo pictures as uploads: each file stored once in the newsroom's media, as an upload would
 * store it, so stories serve it resized (docs/product/api-pictures.md). Without a reader (the test
 * pool), pictures keep their /demo/ addresses.
 */
async function uploadDemoPictures(deps: AppDeps, readPicture: DemoPictureReader | undefined, now: string): Promise<Map<string, string>> {
  const uploaded = new Map<string, string>();
  if (!readPicture) return uploaded;
  for (const url of new Set(demoStories.map((story) => story.featuredImageUrl))) {
    const bytes = await readPicture(url.replace(/^\/demo\//, ''));
    if (!bytes) continue;
    const key = mediaKey('images', 'webp', now, crypto.randomUUID());
    await deps.media.put(key, bytes, 'image/webp');
    uploaded.set(url, mediaUrl(key));
  }
  // No derivative jobs: the sizes are made on a picture's first request and kept (decision 065). Eager
  // jobs for the whole demo kept a core busy for a minute after every fresh start (AVIF and WebP at
  // every width), just when a newcomer, or the browser journeys, first load the site.
  return uploaded;
}

/** Seeds the demo on an empty newsroom; every reporter gets `reporterPassword`. */
export async function seedDemoNewsroom(deps: AppDeps, reporterPassword: string, readPicture?: DemoPictureReader): Promise<DemoSeedOutcome> {
  if (!(await isEmptyNewsroom(deps))) return { kind: 'skipped', reason: 'the newsroom already has stories or beats' };
  const now = new Date(deps.clock.now()).getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS).toISOString();
  const oldest = Math.max(...demoStories.map((story) => story.hoursAgo)) + 24;

  const beats: Beat[] = [];
  for (const beat of demoBeats) beats.push(await createBeat(deps, beat, at(oldest)));
  const pictures = await uploadDemoPictures(deps, readPicture, at(oldest));

  const reporters: User[] = [];
  for (const reporter of demoReporters) {
    const input = registerSchema.parse({ ...reporter, password: reporterPassword, role: 'reporter' });
    const user = await deps.users.create(
      {
        username: input.username,
        email: input.email,
        passwordHash: await deps.hasher.hash(input.password),
        role: 'reporter',
        firstName: input.firstName,
        lastName: input.lastName,
      },
      at(oldest),
    );
    const beatIds = reporter.beats.map((beatName) => byName(beats, (b) => b.name, beatName, 'beat').id);
    await deps.beats.assign(user.id, beatIds, at(oldest));
    reporters.push(user);
  }

  // Oldest first, so ids grow with time as they would have in a real newsroom.
  const stories: Story[] = [];
  for (const demo of [...demoStories].sort((a, b) => b.hoursAgo - a.hoursAgo)) {
    const input = storySaveSchema.parse({
      title: demo.title,
      description: demo.description,
      content: demo.content,
      beatId: demo.beat === null ? null : byName(beats, (b) => b.name, demo.beat, 'beat').id,
      status: demo.status,
      isFeatured: demo.isFeatured,
      featuredImageUrl: pictures.get(demo.featuredImageUrl) ?? demo.featuredImageUrl,
      featuredImageAlt: demo.picture.alt,
      featuredImageCaption: demo.picture.caption,
      featuredImageCredit: demo.picture.credit,
      videoUrl: demo.videoUrl,
    });
    const author = byName(reporters, (u) => u.username, demo.author, 'reporter');
    const writtenAt = at(demo.hoursAgo);
    const depsThen: AppDeps = { ...deps, clock: { now: () => writtenAt } };
    const write = await prepareStoryWrite(depsThen, input, null);
    stories.push(
      await saveWithSlug(depsThen, input.slug, input.title, undefined, (slug) =>
        deps.stories.create({ ...write, slug, authorId: author.id }, writtenAt),
      ),
    );
  }
  const newsletter = await createNewsletter({ ...deps, clock: { now: () => at(oldest) } }, demoNewsletter);
  return { kind: 'seeded', beats, reporters, stories, newsletter };
}
