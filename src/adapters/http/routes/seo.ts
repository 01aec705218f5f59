import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { FEATURED_URL, HOME_LATEST_LIMIT, HOME_LATEST_URL, storyReadUrl } from '../../../contract/page-contract.ts';
import type { Story } from '../../../domain/entities.ts';
import { isValidSlug } from '../../../domain/slug.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../context.ts';
import { renderAppShell } from '../seo/app-shell.ts';
import { isNewsworthy, NEWS_SITEMAP_MAX, newsSitemap, robotsTxt, rssFeed, sitemap } from '../seo/feeds.ts';
import { homeHead, missingStoryHead, storyHead, type PageHead } from '../seo/page-head.ts';
import { homeReadingView, storyReadingView } from '../seo/reading-view.ts';
import { authorHead, authorReadingView } from '../seo/author-page.ts';
import { beatHead, beatReadingView } from '../seo/beat-page.ts';
import { pageParam } from '../seo/page-links.ts';
import { searchHead, searchReadingView } from '../seo/search-page.ts';
import { ftsMatchExpression, SEARCH_QUERY_MAX } from '../../../domain/search-query.ts';
import { authorPath, beatPath, LIST_PAGE_SIZE, RELATED_STORIES, site } from '../../../domain/site.ts';
import { policy } from '../../../domain/permissions.ts';
import { authorProfile } from '../../../services/author-profile.ts';
import { isLiveBlog } from '../../../domain/liveblog.ts';
import { beforeParam, liveBlogHead, liveBlogRss, liveBlogView, loadLiveBlogPage } from '../seo/live-blog-page.ts';

const RSS_ITEMS = 50;
const SITEMAP_MAX = 50_000;
const PAGE = 100;
const XML = 'application/xml; charset=utf-8';

export type AssetFetcher = (request: Request) => Promise<Response>;

/** Published stories newest first, page by page, up to `max`. */
async function publishedStories(deps: AppDeps, max: number): Promise<Story[]> {
  const out: Story[] = [];
  for (let offset = 0; out.length < max; offset += PAGE) {
    const { items, total } = await deps.stories.list({ scope: { kind: 'published' }, status: 'published', limit: Math.min(PAGE, max - out.length), offset });
    out.push(...items);
    if (items.length === 0 || offset + items.length >= total) break;
  }
  return out;
}

/** A story a reader without an account may see, by slug, or by id for a numeric segment that is no slug. */
async function publicStory(deps: AppDeps, segment: string): Promise<Story | null> {
  let story = isValidSlug(segment) ? await deps.stories.findBySlug(segment) : null;
  if (!story && /^\d{1,15}$/.test(segment)) story = await deps.stories.findById(Number(segment));
  return story && policy.canViewStory(null, story) ? story : null;
}

/** A public list page: `page` (1-based) of published stories matching the filter, newest first. */
function publishedPage(deps: AppDeps, page: number, filter: { beatId?: number; authorId?: number }) {
  return deps.stories.list({ scope: { kind: 'published' }, status: 'published', limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE, ...filter });
}

/** Up to three other published stories from the story's beat, newest first. */
async function relatedTo(deps: AppDeps, story: Story): Promise<Story[]> {
  if (!story.beat) return [];
  const { items } = await deps.stories.list({ scope: { kind: 'published' }, status: 'published', beatId: story.beat.id, limit: RELATED_STORIES + 1, offset: 0 });
  return items.filter((other) => other.id !== story.id).slice(0, RELATED_STORIES);
}

/** For a beat or author page that does not exist: the app explains, search engines skip it. */
function missingHead(what: string): PageHead {
  return { title: `${what} Not Found – ${site.name}`, description: `The ${what.toLowerCase()} you're looking for doesn't exist.`, robots: 'noindex', openGraph: [], twitter: [], jsonLd: [] };
}

/**
 * Pages the web can read without running the app: the home page and story pages as the SPA's
 * HTML with their own head tags, the RSS feed, the sitemaps and robots.txt. `cached` (the edge
 * cache) fronts each of them.
 */
export function seoRoutes(deps: AppDeps, assets: AssetFetcher, cached: MiddlewareHandler, cachedStory: MiddlewareHandler = cached) {
  const shell = (c: Context) => assets(new Request(new URL('/', c.req.url), { headers: { Accept: 'text/html' } }));
  const origin = (c: Context) => new URL(c.req.url).origin;

  return new Hono<AppEnv>()
    .get('/', cached, async (c) => {
      const [featured, latest, beats, page] = await Promise.all([
        deps.stories.findFeatured(),
        deps.stories.list({ scope: { kind: 'published' }, status: 'published', limit: HOME_LATEST_LIMIT, offset: 0 }),
        deps.beats.list(),
        shell(c),
      ]);
      return renderAppShell(page, homeHead(origin(c)), {
        initialData: { [FEATURED_URL]: featured, [HOME_LATEST_URL]: latest.items },
        readingView: homeReadingView(featured, latest.items, { origin: origin(c), now: deps.clock.now(), beats }),
      });
    })
    .get('/story/:segment/rss.xml', cachedStory, async (c) => {
      const story = await publicStory(deps, c.req.param('segment'));
      if (!story || !isLiveBlog(story)) return c.text('No such live blog', 404);
      const { updates } = await deps.liveBlogs.page(story.id, { limit: RSS_ITEMS });
      return c.body(liveBlogRss(story, updates, origin(c)), 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
    })
    .get('/story/:segment', cachedStory, async (c, next) => {
      const segment = c.req.param('segment');
      // The story editor's own route (docs/product/screens.md): the plain app.
      if (segment === 'new') return next();
      const [story, beats, page] = await Promise.all([publicStory(deps, segment), deps.beats.list(), shell(c)]);
      // Not public (a draft its author is previewing, or nothing): the app asks the API with the reader's token.
      if (!story) return renderAppShell(page, missingStoryHead(), { status: 404 });
      const [related, liveBlog] = await Promise.all([relatedTo(deps, story), isLiveBlog(story) ? loadLiveBlogPage(deps, story, beforeParam(c.req.query('before'))) : null]);
      const head = storyHead(story, origin(c));
      return renderAppShell(page, liveBlog ? liveBlogHead(story, head, liveBlog.page.updates) : head, {
        initialData: { [storyReadUrl(segment)]: story },
        readingView: storyReadingView(story, { origin: origin(c), now: deps.clock.now(), beats }, related, liveBlog ? liveBlogView(story, liveBlog, deps.clock.now()) : ''),
      });
    })
    .get('/search', cached, async (c) => {
      const query = (c.req.query('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
      const page = pageParam(c.req.query('page'));
      const match = query ? ftsMatchExpression(query) : null;
      const [found, beats, shellPage] = await Promise.all([
        match ? deps.search.search({ match, scope: { kind: 'published' }, limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }) : { total: 0, hits: [] },
        deps.beats.list(),
        shell(c),
      ]);
      return renderAppShell(shellPage, searchHead(query), {
        readingView: searchReadingView({ query, page, ...found }, { origin: origin(c), now: deps.clock.now(), beats }),
      });
    })
    .get('/beat/:slug/rss.xml', cached, async (c) => {
      const slug = c.req.param('slug');
      const beat = isValidSlug(slug) ? await deps.beats.findBySlug(slug) : null;
      if (!beat) return c.text('No such beat', 404);
      const { items } = await deps.stories.list({ scope: { kind: 'published' }, status: 'published', beatId: beat.id, limit: RSS_ITEMS, offset: 0 });
      const channel = { title: beat.name, description: beat.description ?? `The latest ${beat.name} stories.`, path: beatPath(beat), feedPath: `${beatPath(beat)}/rss.xml` };
      return c.body(rssFeed(items, origin(c), deps.clock.now(), channel), 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
    })
    .get('/beat/:slug', cached, async (c) => {
      const slug = c.req.param('slug');
      const page = pageParam(c.req.query('page'));
      const [beat, beats, shellPage] = await Promise.all([isValidSlug(slug) ? deps.beats.findBySlug(slug) : null, deps.beats.list(), shell(c)]);
      if (!beat) return renderAppShell(shellPage, missingHead('Beat'), { status: 404 });
      const { items, total } = await publishedPage(deps, page, { beatId: beat.id });
      return renderAppShell(shellPage, beatHead(beat, items, page, origin(c)), {
        readingView: beatReadingView(beat, items, total, page, { origin: origin(c), now: deps.clock.now(), beats }),
      });
    })
    .get('/author/:username', cached, async (c) => {
      const page = pageParam(c.req.query('page'));
      const username = c.req.param('username');
      const [author, beats, shellPage] = await Promise.all([
        /^[A-Za-z0-9_.-]{1,50}$/.test(username) ? authorProfile(deps, username) : null,
        deps.beats.list(),
        shell(c),
      ]);
      if (!author) return renderAppShell(shellPage, missingHead('Author'), { status: 404 });
      const { items, total } = await publishedPage(deps, page, { authorId: author.id });
      return renderAppShell(shellPage, authorHead(author, page, origin(c)), {
        readingView: authorReadingView(author, items, total, page, { origin: origin(c), now: deps.clock.now(), beats }),
      });
    })
    .get('/rss.xml', cached, async (c) => {
      const stories = await publishedStories(deps, RSS_ITEMS);
      return c.body(rssFeed(stories, origin(c), deps.clock.now()), 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
    })
    .get('/sitemap.xml', cached, async (c) => {
      const [stories, beats, users] = await Promise.all([publishedStories(deps, SITEMAP_MAX), deps.beats.list(), deps.users.list()]);
      // The pages that exist: every beat's, and the author page of every active reporter and of anyone with a published story.
      const writers = new Set(stories.map((story) => story.authorId));
      const authors = users.filter((user) => policy.hasAuthorPage(user, writers.has(user.id) ? 1 : 0));
      return c.body(sitemap(stories, origin(c), [...beats.map(beatPath), ...authors.map(authorPath)]), 200, { 'Content-Type': XML });
    })
    .get('/news-sitemap.xml', cached, async (c) => {
      const now = deps.clock.now();
      // Newest first by creation; a story published late keeps its place by publishedAt, so scan all and filter.
      const recent = (await publishedStories(deps, SITEMAP_MAX)).filter((story) => isNewsworthy(story, now)).slice(0, NEWS_SITEMAP_MAX);
      return c.body(newsSitemap(recent, origin(c)), 200, { 'Content-Type': XML });
    })
    .get('/robots.txt', cached, (c) => c.text(robotsTxt(origin(c))));
}
