import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { FEATURED_URL, HOME_LATEST_LIMIT, HOME_LATEST_URL, storyReadUrl } from '../../../contract/page-contract.ts';
import type { Story } from '../../../domain/entities.ts';
import { policy } from '../../../domain/permissions.ts';
import { isValidSlug } from '../../../domain/slug.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../context.ts';
import { renderAppShell } from '../seo/app-shell.ts';
import { isNewsworthy, NEWS_SITEMAP_MAX, newsSitemap, robotsTxt, rssFeed, sitemap } from '../seo/feeds.ts';
import { homeHead, missingStoryHead, storyHead } from '../seo/page-head.ts';
import { homeReadingView, storyReadingView } from '../seo/reading-view.ts';

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

/**
 * Pages the web can read without running the app: the home page and story pages as the SPA's
 * HTML with their own head tags, the RSS feed, the sitemaps and robots.txt. `cached` (the edge
 * cache) fronts each of them.
 */
export function seoRoutes(deps: AppDeps, assets: AssetFetcher, cached: MiddlewareHandler) {
  const shell = (c: Context) => assets(new Request(new URL('/', c.req.url), { headers: { Accept: 'text/html' } }));
  const origin = (c: Context) => new URL(c.req.url).origin;

  return new Hono<AppEnv>()
    .get('/', cached, async (c) => {
      const [featured, latest, page] = await Promise.all([
        deps.stories.findFeatured(),
        deps.stories.list({ scope: { kind: 'published' }, status: 'published', limit: HOME_LATEST_LIMIT, offset: 0 }),
        shell(c),
      ]);
      return renderAppShell(page, homeHead(origin(c)), {
        initialData: { [FEATURED_URL]: featured, [HOME_LATEST_URL]: latest.items },
        readingView: homeReadingView(featured, latest.items, { origin: origin(c), now: deps.clock.now() }),
      });
    })
    .get('/story/:segment', cached, async (c, next) => {
      const segment = c.req.param('segment');
      // The story editor's own route (SPEC.md section 2): the plain app.
      if (segment === 'new') return next();
      const [story, page] = await Promise.all([publicStory(deps, segment), shell(c)]);
      // Not public (a draft its author is previewing, or nothing): the app asks the API with the reader's token.
      if (!story) return renderAppShell(page, missingStoryHead(), { status: 404 });
      return renderAppShell(page, storyHead(story, origin(c)), {
        initialData: { [storyReadUrl(segment)]: story },
        readingView: storyReadingView(story, { origin: origin(c), now: deps.clock.now() }),
      });
    })
    .get('/rss.xml', cached, async (c) => {
      const stories = await publishedStories(deps, RSS_ITEMS);
      return c.body(rssFeed(stories, origin(c), deps.clock.now()), 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
    })
    .get('/sitemap.xml', cached, async (c) => c.body(sitemap(await publishedStories(deps, SITEMAP_MAX), origin(c)), 200, { 'Content-Type': XML }))
    .get('/news-sitemap.xml', cached, async (c) => {
      const now = deps.clock.now();
      // Newest first by creation; a story published late keeps its place by publishedAt, so scan all and filter.
      const recent = (await publishedStories(deps, SITEMAP_MAX)).filter((story) => isNewsworthy(story, now)).slice(0, NEWS_SITEMAP_MAX);
      return c.body(newsSitemap(recent, origin(c)), 200, { 'Content-Type': XML });
    })
    .get('/robots.txt', cached, (c) => c.text(robotsTxt(origin(c))));
}
