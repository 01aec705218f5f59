import type { Beat } from '../../domain/beats/entities.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { LiveBlogUpdate } from '../../domain/live-blog/entities.ts';
import { isLiveBlog } from '../../domain/live-blog/live-blog.ts';
import type { LiveBlogRepository } from '../../domain/live-blog/ports.ts';
import { policy } from '../../domain/permissions.ts';
import { authorPath, beatPath } from '../../domain/site/site.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { isValidSlug } from '../../domain/story/slug.ts';
import type { Clock } from '../../domain/time.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import { listPublished, publicStory, publishedStories } from './published-stories.ts';

/** The items of an RSS feed. */
export const FEED_ITEMS = 50;
/** A sitemap holds at most this many addresses. */
const SITEMAP_MAX = 50_000;
/** Google News sitemaps list only what was published in the last two days, and at most this many. */
export const NEWS_WINDOW_HOURS = 48;
export const NEWS_SITEMAP_MAX = 1000;

/** Published within Google News' window before `now`. */
export function isNewsworthy(story: Story, now: string): boolean {
  const age = Date.parse(now) - Date.parse(story.publishedAt ?? story.createdAt);
  return story.status === 'published' && age >= 0 && age <= NEWS_WINDOW_HOURS * 3600 * 1000;
}

/** /rss.xml: the latest published stories, with the clock's time for a feed with none. */
export async function siteFeed(deps: { stories: StoryRepository; clock: Clock }): Promise<{ stories: Story[]; now: string }> {
  return { stories: await publishedStories(deps.stories, FEED_ITEMS), now: deps.clock.now() };
}

/** /beat/{slug}/rss.xml: the beat and its latest stories, or null for no such beat. */
export async function beatFeed(
  deps: { stories: StoryRepository; beats: BeatRepository; clock: Clock },
  slug: string,
): Promise<{ beat: Beat; stories: Story[]; now: string } | null> {
  const beat = isValidSlug(slug) ? await deps.beats.findBySlug(slug) : null;
  if (!beat) return null;
  const { items } = await listPublished(deps.stories, { beatId: beat.id, limit: FEED_ITEMS, offset: 0 });
  return { beat, stories: items, now: deps.clock.now() };
}

/** /story/{slug}/rss.xml: a public live blog and its newest updates, or null for anything else. */
export async function liveBlogFeed(
  deps: { stories: StoryRepository; liveBlogs: LiveBlogRepository },
  segment: string,
): Promise<{ story: Story; updates: LiveBlogUpdate[] } | null> {
  const story = await publicStory(deps.stories, segment);
  if (!story || !isLiveBlog(story)) return null;
  const { updates } = await deps.liveBlogs.page(story.id, { limit: FEED_ITEMS });
  return { story, updates };
}

/** /sitemap.xml: every published story, and the pages that exist: every beat's, and the author page of every active reporter and of anyone with a published story. */
export async function sitemapEntries(deps: {
  stories: StoryRepository;
  beats: BeatRepository;
  users: UserRepository;
}): Promise<{ stories: Story[]; paths: string[] }> {
  const [stories, beats, users] = await Promise.all([publishedStories(deps.stories, SITEMAP_MAX), deps.beats.list(), deps.users.list()]);
  const writers = new Set(stories.map((story) => story.authorId));
  const authors = users.filter((user) => policy.hasAuthorPage(user, writers.has(user.id) ? 1 : 0));
  return { stories, paths: [...beats.map(beatPath), ...authors.map(authorPath)] };
}

/** /news-sitemap.xml: the stories published within Google News' window, newest first. */
export async function newsSitemapEntries(deps: { stories: StoryRepository; clock: Clock }): Promise<Story[]> {
  const now = deps.clock.now();
  // Newest first by publication: the newsworthy ones are at the front.
  return (await publishedStories(deps.stories, NEWS_SITEMAP_MAX)).filter((story) => isNewsworthy(story, now));
}
