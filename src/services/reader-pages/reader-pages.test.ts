import { describe, expect, it } from 'vitest';
import type { Beat } from '../../domain/beats/entities.ts';
import type { LiveBlogUpdate } from '../../domain/live-blog/entities.ts';
import type { ReaderLevel } from '../../domain/members/access.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryFilter, StoryRepository } from '../../domain/story/ports.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { NewsletterRepository, SignedTokens, SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import type { Subscription } from '../../domain/newsletters/entities.ts';
import type { CaptionTrack } from '../../domain/captions/entities.ts';
import type { CaptionTrackRepository } from '../../domain/captions/ports.ts';
import type { LiveBlogRepository } from '../../domain/live-blog/ports.ts';
import type { ReplyRepository } from '../../domain/federation/ports.ts';
import type { StorySearch } from '../../domain/discovery/ports.ts';
import type { TierRepository } from '../../domain/members/revenue-ports.ts';
import type { User } from '../../domain/users/entities.ts';
import { aStory, aUser, NOW } from '../support/fakes.ts';
import { readerPages, type ReaderPagesDeps } from './reader-pages.ts';

/** A port with only the calls a test expects: any other call fails the test, naming itself. */
function only<T extends object>(calls: Partial<T>): T {
  return new Proxy(calls as T, {
    get: (target, name) =>
      (target as Record<PropertyKey, unknown>)[name] ?? (() => Promise.reject(new Error(`not faked: ${String(name)}`))),
  });
}

const politics: Beat = { id: 3, name: 'Politics', slug: 'politics', description: null, createdAt: NOW };
const weather: Beat = { id: 4, name: 'Weather', slug: 'weather', description: 'Storms', createdAt: NOW };
const aNewsletter = (patch: Partial<Newsletter>): Newsletter => ({
  id: 1,
  slug: 'briefing',
  name: 'The Briefing',
  description: '',
  beat: null,
  senderName: null,
  isActive: true,
  createdAt: NOW,
  updatedAt: NOW,
  ...patch,
});
const update = (id: number, patch: Partial<LiveBlogUpdate> = {}): LiveBlogUpdate => ({
  id,
  body: `<p>Update ${id}</p>`,
  author: { id: 1, firstName: 'Maya', lastName: 'Okafor', username: 'maya' },
  keyEvent: false,
  pinned: false,
  version: 1,
  createdAt: NOW,
  updatedAt: NOW,
  ...patch,
});

/** A newsroom in memory: its stories (as the repository lists them: published ones newest first by publication), beats, people, newsletters. */
function newsroom(
  stories: Story[],
  more: {
    users?: User[];
    newsletters?: Newsletter[];
    settings?: Record<string, unknown>;
    updates?: LiveBlogUpdate[];
    tracks?: CaptionTrack[];
    subscriptions?: Subscription[];
  } = {},
) {
  const asked: StoryFilter[] = [];
  const published = () =>
    stories.filter((story) => story.status === 'published').sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
  const users = more.users ?? [aUser()];
  const updates = more.updates ?? [];
  const deps: ReaderPagesDeps = {
    clock: { now: () => NOW },
    paymentsReady: false,
    siteOrigin: null,
    beats: only<BeatRepository>({
      list: async () => [politics, weather],
      findBySlug: async (slug) => [politics, weather].find((beat) => beat.slug === slug) ?? null,
      listAssigned: async () => [politics],
    }),
    stories: only<StoryRepository>({
      list: async (filter) => {
        asked.push(filter);
        const matching = published().filter(
          (story) =>
            (filter.beatId === undefined || story.beatId === filter.beatId) &&
            (filter.authorId === undefined || story.authorId === filter.authorId),
        );
        return { items: matching.slice(filter.offset, filter.offset + filter.limit), total: matching.length };
      },
      findBySlug: async (slug) => stories.find((story) => story.slug === slug) ?? null,
      findById: async (id) => stories.find((story) => story.id === id) ?? null,
      findFeatured: async () => published().find((story) => story.isFeatured) ?? null,
      authorFigures: async (authorId) => ({
        published: published().filter((story) => story.authorId === authorId).length,
        drafts: 0,
        inReview: 0,
        scheduled: 0,
        totalViews: 0,
      }),
    }),
    users: only<UserRepository>({
      findById: async (id) => users.find((user) => user.id === id) ?? null,
      findByUsername: async (username) => users.find((user) => user.username === username) ?? null,
      list: async () => users,
    }),
    settings: only<SettingsRepository>({ get: async (key) => more.settings?.[key] ?? null, put: async () => undefined }),
    newsletters: only<NewsletterRepository>({
      list: async () => more.newsletters ?? [],
      findById: async (id) => (more.newsletters ?? []).find((newsletter) => newsletter.id === id) ?? null,
    }),
    captions: only<CaptionTrackRepository>({
      listForStory: async (storyId) => (more.tracks ?? []).filter((track) => track.storyId === storyId),
    }),
    // A token is "signed:" and its payload; anything else the server did not sign.
    signedTokens: only<SignedTokens>({ verify: async (token) => (token.startsWith('signed:') ? token.slice(7) : null) }),
    subscriptions: only<SubscriptionRepository>({
      findById: async (id) => (more.subscriptions ?? []).find((one) => one.id === id) ?? null,
      unsubscribe: async (newsletterId, email) => {
        const one = (more.subscriptions ?? []).find((held) => held.newsletterId === newsletterId && held.email === email);
        if (one) one.status = 'unsubscribed';
        return one !== undefined;
      },
    }),
    liveBlogs: only<LiveBlogRepository>({
      page: async (_storyId, options) => {
        const chosen = updates
          .filter((one) => (options.pinned ? one.pinned : true) && (options.keyEvent ? one.keyEvent : true))
          .filter((one) => options.before === undefined || one.id < options.before);
        return { updates: chosen.slice(0, options.limit), cursor: 42, more: chosen.length > options.limit };
      },
    }),
    replies: only<ReplyRepository>({ approved: async () => [] }),
    search: only<StorySearch>({ search: async () => ({ total: 0, hits: [] }) }),
    tiers: only<TierRepository>({ list: async () => [] }),
  };
  return { pages: readerPages(deps), deps, asked };
}

const aTrack = (patch: Partial<CaptionTrack>): CaptionTrack => ({
  id: 'en',
  storyId: 1,
  videoUrl: '/media/videos/levee.webm',
  lang: 'en',
  label: 'English',
  source: 'auto',
  state: 'ready',
  reviewed: false,
  version: 1,
  cues: [{ start: 0, end: 2, text: 'The levee held.' }],
  error: null,
  streamId: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...patch,
});

const at = (hours: number) => new Date(Date.parse(NOW) - hours * 3600_000).toISOString();
const level = (value: ReaderLevel) => async () => value;

describe('the home page', () => {
  it('shows the featured story and the latest, gated ones cut to their opening for everyone, with the newsroom’s newsletter and handle', async () => {
    const gated = aStory({
      id: 2,
      slug: 'paid',
      access: 'paid',
      isFeatured: true,
      content: '<p>One</p><p>Two</p><p>Three</p><p>Four</p>',
      publishedAt: at(1),
    });
    const { pages } = newsroom(
      [aStory({ id: 1, slug: 'older', publishedAt: at(5) }), gated, aStory({ id: 3, slug: 'draft', status: 'draft' })],
      {
        newsletters: [
          aNewsletter({ id: 2, slug: 'politics', beat: { id: 3, name: 'Politics' } }),
          aNewsletter({ id: 3, isActive: false }),
          aNewsletter({}),
        ],
        settings: { social: { xHandle: '@newsroom' } },
      },
    );
    const home = await pages.home('https://news.example');
    expect(home.latest.map((story) => story.slug)).toEqual(['paid', 'older']);
    expect(home.featured).toMatchObject({ slug: 'paid', gated: true });
    expect(home.featured!.content).not.toContain('Four');
    expect(home.newsletter?.id).toBe(1);
    expect(home.fediverseHandle).toBe('@newsroom@news.example');
    expect(home.xHandle).toBe('@newsroom');
    expect(home.beats).toEqual([politics, weather]);
    expect(home.now).toBe(NOW);
  });

  it('names the newsroom by the host the fediverse knows, once pinned, and by the site’s own origin where it names one', async () => {
    const { pages, deps } = newsroom([], { settings: { fediverse: { handle: 'news', origin: 'https://pinned.example' } } });
    expect((await pages.home('http://127.0.0.1:8787')).fediverseHandle).toBe('@news@pinned.example');
    deps.siteOrigin = 'https://site.example';
    expect((await readerPages(deps).home('http://127.0.0.1:8787')).fediverseHandle).toBe('@news@site.example');
  });

  it('gives the featured video the captions every reader may see: none of a gated story, none not ready', async () => {
    const video = { videoUrl: '/media/videos/levee.webm', isFeatured: true };
    const open = aStory({ id: 1, slug: 'open', ...video, publishedAt: at(1) });
    const tracks = [aTrack({ id: 'a', storyId: 1 }), aTrack({ id: 'b', storyId: 1, state: 'pending' }), aTrack({ id: 'c', storyId: 2 })];
    expect((await newsroom([open], { tracks }).pages.home('https://news.example')).featuredCaptions.map((track) => track.id)).toEqual([
      'a',
    ]);
    const gated = aStory({ id: 2, slug: 'paid', access: 'paid', ...video, publishedAt: at(1) });
    expect((await newsroom([gated], { tracks }).pages.home('https://news.example')).featuredCaptions).toEqual([]);
  });
});

describe('a story’s page', () => {
  it('is none for what the public may not see, without asking who reads', async () => {
    const { pages } = newsroom([aStory({ status: 'draft' })]);
    let askedLevel = false;
    const read = await pages.story({
      segment: 'levee-breach',
      before: null,
      level: async () => {
        askedLevel = true;
        return 'paid';
      },
    });
    expect(read.story).toBeNull();
    expect(read.beats).toEqual([politics, weather]);
    expect(askedLevel).toBe(false);
  });

  it('finds a story without a slug by its id, and cuts a gated one by the reader’s level', async () => {
    const story = aStory({ id: 7, slug: '', access: 'members', content: '<p>One</p><p>Two</p><p>Three</p><p>Four</p>' });
    const { pages } = newsroom([story]);
    const anonymous = await pages.story({ segment: '7', before: null, level: level('anonymous') });
    expect(anonymous.story?.id).toBe(7);
    expect(anonymous.story && anonymous.read).toMatchObject({ gated: true });
    const member = await pages.story({ segment: '7', before: null, level: level('free') });
    expect(member.story && member.read).toMatchObject({ gated: false, content: story.content });
  });

  it('holds its video’s ready captions for a reader who may read it whole, none for one cut at the gate', async () => {
    const story = aStory({ id: 7, slug: 'video', access: 'members', videoUrl: '/media/videos/levee.webm' });
    const tracks = [aTrack({ id: 'en', storyId: 7 }), aTrack({ id: 'empty', storyId: 7, cues: [] })];
    const { pages } = newsroom([story], { tracks });
    const anonymous = await pages.story({ segment: 'video', before: null, level: level('anonymous') });
    expect(anonymous.story && anonymous.captions).toEqual([]);
    const member = await pages.story({ segment: 'video', before: null, level: level('free') });
    expect(member.story && member.captions.map((track) => track.id)).toEqual(['en']);
  });

  it('ends with three more from its beat, its beat’s newsletter, the author’s handle and the gift ask where payments are set up', async () => {
    const beat = { id: 3, name: 'Politics', slug: 'politics' };
    const inBeat = (id: number, hours: number) => aStory({ id, slug: `s${id}`, beatId: 3, beat, publishedAt: at(hours) });
    const { pages, deps } = newsroom(
      [inBeat(1, 1), inBeat(2, 2), inBeat(3, 3), inBeat(4, 4), inBeat(5, 5), aStory({ id: 6, slug: 'other' })],
      {
        users: [aUser({ xHandle: '@maya' })],
        newsletters: [aNewsletter({}), aNewsletter({ id: 2, slug: 'politics', beat: { id: 3, name: 'Politics' } })],
      },
    );
    deps.paymentsReady = true;
    const read = await pages.story({ segment: 's2', before: null, level: level('anonymous') });
    if (!read.story) throw new Error('expected a story');
    expect(read.related.map((story) => story.id)).toEqual([1, 3, 4]);
    expect(read.newsletter?.slug).toBe('politics');
    expect(read.authorXHandle).toBe('@maya');
    expect(read.liveBlog).toBeNull();
    expect((await pages.story({ segment: 'other', before: null, level: level('anonymous') })).story?.id).toBe(6);
    const elsewhere = await pages.story({ segment: 'other', before: null, level: level('anonymous') });
    expect(elsewhere.story && elsewhere.newsletter?.slug).toBe('briefing');
    expect(elsewhere.story && elsewhere.askForSupport).toBe(true);
  });

  it('of a live blog holds a page of its updates (older ones with `before`), the pinned one and the key events', async () => {
    const blog = aStory({ format: 'liveblog', coverage: 'live' });
    const updates = [update(5, { keyEvent: true }), update(4, { pinned: true }), update(3), update(2, { keyEvent: true }), update(1)];
    const { pages } = newsroom([blog], { updates });
    const newest = await pages.story({ segment: blog.slug, before: null, level: level('anonymous') });
    expect(newest.story && newest.liveBlog).toMatchObject({ before: null, pinned: { id: 4 }, page: { cursor: 42 } });
    expect(newest.story && newest.liveBlog!.keyEvents.map((one) => one.id)).toEqual([5, 2]);
    const older = await pages.story({ segment: blog.slug, before: 3, level: level('anonymous') });
    expect(older.story && older.liveBlog!.page.updates.map((one) => one.id)).toEqual([2, 1]);
  });
});

describe('an unsubscribe link’s page', () => {
  const subscription = (): Subscription => ({
    id: 5,
    newsletterId: 1,
    email: 'ada@example.com',
    status: 'subscribed',
    source: 'form',
    confirmedVia: null,
    createdAt: NOW,
    subscribedAt: NOW,
    unsubscribedAt: null,
    confirmationSentAt: null,
  });

  it('asks first, unsubscribes only from its button, then says it is done; a link the server did not sign is not valid', async () => {
    const subscriptions = [subscription()];
    const { pages } = newsroom([], { newsletters: [aNewsletter({})], subscriptions });
    const ask = await pages.unsubscribeLink('signed:u1.5.0');
    expect(ask.screen).toEqual({ kind: 'ask', newsletterName: 'The Briefing', token: 'signed:u1.5.0' });
    expect(subscriptions[0]!.status).toBe('subscribed');
    expect(ask.beats).toEqual([politics, weather]);
    expect((await pages.unsubscribe('signed:u1.5.0')).screen).toEqual({ kind: 'done', newsletterName: 'The Briefing' });
    expect(subscriptions[0]!.status).toBe('unsubscribed');
    expect((await pages.unsubscribeLink('signed:u1.5.0')).screen).toEqual({ kind: 'done', newsletterName: 'The Briefing' });
    expect((await pages.unsubscribeLink('forged')).screen).toEqual({ kind: 'invalid' });
    expect((await pages.unsubscribe('signed:nonsense')).screen).toEqual({ kind: 'invalid' });
  });
});

describe('the list pages', () => {
  const many = Array.from({ length: 15 }, (_, index) =>
    aStory({ id: index + 1, slug: `s${index + 1}`, beatId: 3, publishedAt: at(index) }),
  );

  it('a beat’s: page 2 starts after the first 12, with the beat’s newsletter; none for an unknown beat', async () => {
    const { pages } = newsroom(many, { newsletters: [aNewsletter({ id: 2, slug: 'politics', beat: { id: 3, name: 'Politics' } })] });
    const second = await pages.beat('politics', 2);
    if (!second.beat) throw new Error('expected the beat');
    expect(second.stories.map((story) => story.id)).toEqual([13, 14, 15]);
    expect(second.total).toBe(15);
    expect(second.newsletter?.slug).toBe('politics');
    expect((await pages.beat('nope', 1)).beat).toBeNull();
    expect((await pages.beat('Not A Slug', 1)).beat).toBeNull();
  });

  it('an author’s: only with a page, their handle in the fediverse only once they published', async () => {
    const maya = aUser({ id: 1, username: 'maya' });
    const chief = aUser({ id: 2, username: 'chief', role: 'admin' });
    const newcomer = aUser({ id: 3, username: 'newcomer' });
    const { pages } = newsroom([aStory({ authorId: 1 })], { users: [maya, chief, newcomer] });
    const page = await pages.author({ username: 'maya', page: 1, origin: 'https://news.example' });
    expect(page.author && page.fediverseHandle).toBe('@maya@news.example');
    expect(page.author?.beats).toEqual([politics]);
    expect((await pages.author({ username: 'chief', page: 1, origin: 'https://news.example' })).author).toBeNull();
    const quiet = await pages.author({ username: 'newcomer', page: 1, origin: 'https://news.example' });
    expect(quiet.author && quiet.fediverseHandle).toBeNull();
    expect((await pages.author({ username: '../etc', page: 1, origin: 'https://news.example' })).author).toBeNull();
  });

  it('all stories (/beta): the featured story over every published one, or a beat’s with ?beat=, or nothing for an unknown beat', async () => {
    const { pages } = newsroom([...many, aStory({ id: 99, slug: 'weather', beatId: 4, isFeatured: true, publishedAt: at(30) })]);
    const all = await pages.allStories({ page: 1, beat: null });
    expect(all.featured?.id).toBe(99);
    expect(all.total).toBe(16);
    expect(all.stories).toHaveLength(12);
    const weatherOnly = await pages.allStories({ page: 1, beat: 'weather' });
    expect(weatherOnly.beat).toEqual({ slug: 'weather', found: weather });
    expect(weatherOnly.stories.map((story) => story.id)).toEqual([99]);
    const unknown = await pages.allStories({ page: 1, beat: 'sports' });
    expect(unknown).toMatchObject({ beat: { slug: 'sports', found: null }, stories: [], total: 0 });
  });

  it('search: nothing asked of the index for separators only', async () => {
    const { deps } = newsroom([]);
    let searched = 0;
    deps.search = only<StorySearch>({
      search: async () => {
        searched++;
        return { total: 0, hits: [] };
      },
    });
    expect(await readerPages(deps).search('-&-', 1)).toMatchObject({ query: '-&-', page: 1, total: 0, hits: [] });
    expect(searched).toBe(0);
    await readerPages(deps).search('levee', 2);
    expect(searched).toBe(1);
  });
});

describe('the feeds and sitemaps', () => {
  it('list the newest published stories; a beat’s feed only for a beat that exists', async () => {
    const { pages } = newsroom([
      aStory({ id: 1, slug: 'a', publishedAt: at(2), beatId: 3 }),
      aStory({ id: 2, slug: 'b', publishedAt: at(1) }),
    ]);
    expect((await pages.siteFeed()).stories.map((story) => story.id)).toEqual([2, 1]);
    expect((await pages.beatFeed('politics'))?.stories.map((story) => story.id)).toEqual([1]);
    expect(await pages.beatFeed('sports')).toBeNull();
  });

  it('keep the news sitemap to the last 48 hours', async () => {
    const { pages } = newsroom([aStory({ id: 1, slug: 'new', publishedAt: at(47) }), aStory({ id: 2, slug: 'old', publishedAt: at(49) })]);
    expect((await pages.newsSitemap()).map((story) => story.id)).toEqual([1]);
  });

  it('name every beat’s page and the pages of authors who have one', async () => {
    const { pages } = newsroom([aStory({ authorId: 2 })], {
      users: [
        aUser({ id: 1, username: 'maya' }),
        aUser({ id: 2, username: 'chief', role: 'admin' }),
        aUser({ id: 3, username: 'gone', isActive: false }),
      ],
    });
    expect((await pages.sitemap()).paths).toEqual(['/beat/politics', '/beat/weather', '/author/maya', '/author/chief']);
  });

  it('serve a live blog’s feed only for a public live blog', async () => {
    const blog = aStory({ format: 'liveblog', coverage: 'live' });
    const { pages } = newsroom([blog, aStory({ id: 2, slug: 'article' })], { updates: [update(2), update(1)] });
    expect((await pages.liveBlogFeed(blog.slug))?.updates.map((one) => one.id)).toEqual([2, 1]);
    expect(await pages.liveBlogFeed('article')).toBeNull();
  });
});
