import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MP4_URL, DEMO_YOUTUBE_URL, demoBeats, demoNewsletter, demoReporters, demoStories } from '../../scripts/seed/demo-newsroom.ts';
import { seedDemoNewsroom, type DemoSeedOutcome } from '../../scripts/seed/seed-demo-newsroom.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, deps, login } from './support/api.ts';
import { siteApp } from './support/site-app.ts';
import levee from '../../public/demo/levee-breach.webp?inline';

const leveeBytes = Uint8Array.from(atob(levee.slice(levee.indexOf(',') + 1)), (c) => c.charCodeAt(0));

const PASSWORD = 'demo-password-1';
const published = demoStories.filter((story) => story.status === 'published').sort((a, b) => a.hoursAgo - b.hoursAgo);

describe('the demo newsroom seed', () => {
  let outcome: DemoSeedOutcome;
  beforeAll(async () => {
    // The pool has no file system: one picture is read (as Node's reader reads public/demo), the others keep their /demo/ address.
    outcome = await seedDemoNewsroom(deps, PASSWORD, async (file) => (file === 'levee-breach.webp' ? leveeBytes : null));
  });

  it('writes the beats and the reporters, who can sign in with the demo password', async () => {
    expect(outcome.kind).toBe('seeded');
    const beats = await api<{ name: string; description: string }[]>('/api/beats');
    expect(beats.body.map(({ name, description }) => ({ name, description }))).toEqual(
      [...demoBeats].sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const reporter of demoReporters) {
      const token = await login(reporter.email, PASSWORD);
      const me = await api('/api/auth/me', { token });
      expect(me.body).toMatchObject({
        username: reporter.username,
        role: 'reporter',
        firstName: reporter.firstName,
        lastName: reporter.lastName,
      });
    }
  });

  it('assigns each reporter to its beats', async () => {
    const { results } = await env.DB.prepare(
      'SELECT users.username AS username, beats.name AS beat FROM user_beats JOIN users ON users.id = user_id JOIN beats ON beats.id = beat_id ORDER BY username, beat',
    ).all<{ username: string; beat: string }>();
    const expected = demoReporters.flatMap((reporter) => reporter.beats.map((beat) => ({ username: reporter.username, beat })));
    expect(results).toEqual(expected.sort((a, b) => a.username.localeCompare(b.username) || a.beat.localeCompare(b.beat)));
  });

  it('publishes the published stories to readers, newest first, with content that passed the sanitiser unchanged', async () => {
    const list = await api<Story[]>('/api/stories?status=published&limit=100');
    expect(list.body.map((story) => story.title)).toEqual(published.map((story) => story.title));
    for (const story of list.body) {
      const demo = published.find((candidate) => candidate.title === story.title)!;
      expect(story.content).toBe(demo.content);
      expect(story.author.username).toBe(demo.author);
      expect(story.beat?.name ?? null).toBe(demo.beat);
      expect(story.publishedAt).toBe(story.createdAt);
      expect(story.featuredImageUrl).toMatch(
        demo.featuredImageUrl === '/demo/levee-breach.webp'
          ? /^\/media\/images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/
          : /^\/demo\/[a-z-]+\.webp$/,
      );
      // Real words for every picture: what it shows, a caption, a credit.
      expect(story).toMatchObject({
        featuredImageAlt: demo.picture.alt,
        featuredImageCaption: demo.picture.caption,
        featuredImageCredit: demo.picture.credit,
      });
      expect(story.featuredImageAlt!.length).toBeGreaterThan(40);
    }
  });

  it('uploads the pictures it can read into the newsroom’s media, to be resized like any upload', async () => {
    const list = await api<Story[]>('/api/stories?status=published&limit=100');
    const uploaded = list.body.filter((story) => story.featuredImageUrl?.startsWith('/media/'));
    expect(uploaded.length).toBeGreaterThan(0);
    const object = await env.MEDIA.get(uploaded[0]!.featuredImageUrl!.replace('/media/', ''));
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(leveeBytes);
    expect(object!.httpMetadata?.contentType).toBe('image/webp');
  });

  it('features exactly one story, with a YouTube video, and gives another an MP4 file', async () => {
    const featured = await api<Story>('/api/stories/featured');
    expect(featured.body.title).toBe(demoStories.find((story) => story.isFeatured)!.title);
    expect(featured.body.videoUrl).toBe(DEMO_YOUTUBE_URL);
    const list = await api<Story[]>('/api/stories?status=published&limit=100');
    expect(list.body.filter((story) => story.isFeatured)).toHaveLength(1);
    expect(list.body.filter((story) => story.videoUrl === DEMO_MP4_URL)).toHaveLength(1);
  });

  it('keeps the draft and the archived story away from readers', async () => {
    expect(outcome.kind === 'seeded' && outcome.stories.filter((story) => story.status === 'draft')).toHaveLength(1);
    for (const story of outcome.kind === 'seeded' ? outcome.stories.filter((s) => s.status !== 'published') : []) {
      expect((await api(`/api/stories/slug/${story.slug}`)).status).toBe(404);
      expect(story.publishedAt).toBeNull();
    }
  });

  it('spreads the stories over time as the data says', async () => {
    if (outcome.kind !== 'seeded') throw new Error('not seeded');
    const newest = Date.parse(outcome.stories.find((story) => story.title === published[0]!.title)!.createdAt);
    const oldest = Date.parse(outcome.stories.find((story) => story.title === published.at(-1)!.title)!.createdAt);
    const hours = (newest - oldest) / 3_600_000;
    expect(hours).toBeCloseTo(published.at(-1)!.hoursAgo - published[0]!.hoursAgo, 3);
  });

  it("offers the newsroom's own newsletter, without a beat, so readers can subscribe from the first start", async () => {
    const newsletters =
      await api<{ slug: string; name: string; description: string; beat: unknown; isActive: boolean }[]>('/api/newsletters');
    expect(newsletters.body).toContainEqual(expect.objectContaining({ ...demoNewsletter, beat: null, isActive: true }));
    const home = await siteApp()('/');
    expect(home.text).toContain(`Get ${demoNewsletter.name} by email`);
  });

  it('leaves a newsroom that already has stories or beats alone', async () => {
    const before = await api<Story[]>('/api/stories?status=published&limit=100');
    const again = await seedDemoNewsroom(deps, 'another-password');
    expect(again.kind).toBe('skipped');
    const after = await api<Story[]>('/api/stories?status=published&limit=100');
    expect(after.body.map((story) => story.id)).toEqual(before.body.map((story) => story.id));
    await expect(login(demoReporters[0]!.email, 'another-password')).rejects.toThrow('401');
  });
});
