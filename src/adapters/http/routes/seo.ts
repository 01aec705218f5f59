import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { FEATURED_URL, HOME_LATEST_LIMIT, HOME_LATEST_URL, storyReadUrl } from '../../../contract/page-contract.ts';
import { isAppRoute, isPageRoute } from '../../../contract/page-routes.ts';
import type { Beat } from '../../../domain/beats/entities.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { isValidSlug } from '../../../domain/story/slug.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv, ReaderLevelOf } from '../context.ts';
import { orBareShell, renderAppShell } from '../seo/app-shell.ts';
import { storyBody } from '../seo/story-gate.ts';
import { ACCESS_HEADER } from '../middleware/edge-cache.ts';

import { isGated } from '../../../domain/members/access.ts';
import { storyForReader } from '../../../domain/members/reading.ts';
import { isNewsworthy, NEWS_SITEMAP_MAX, newsSitemap, robotsTxt, rssFeed, sitemap } from '../seo/feeds.ts';
import { homeHead, storyHead } from '../seo/page-head.ts';
import {
  AUTHOR_NOT_FOUND,
  BEAT_NOT_FOUND,
  notFoundHead,
  notFoundReadingView,
  PAGE_NOT_FOUND,
  STORY_NOT_FOUND,
  type NotFoundScreen,
} from '../seo/not-found-page.ts';
import { homeReadingView, storyReadingView } from '../seo/reading-view.ts';
import { authorHead, authorReadingView } from '../seo/author-page.ts';
import { fediverseFollow, fediverseReplies } from '../seo/fediverse-markup.ts';
import { fediverseHandle } from '../../../domain/federation/accounts.ts';
import { fediverseSettings } from '../../../services/federation/fediverse-settings.ts';
import { beatHead, beatReadingView } from '../seo/beat-page.ts';
import { pageParam } from '../seo/page-links.ts';
import { searchHead, searchReadingView } from '../seo/search-page.ts';
import { SEARCH_QUERY_MAX } from '../../../domain/discovery/search-query.ts';
import { searchStories } from '../../../services/discovery/search-stories.ts';
import { readableTracks } from '../../../services/captions/caption-tracks.ts';
import { transcriptText } from '../seo/video-captions.ts';
import { authorPath, beatPath, LIST_PAGE_SIZE, RELATED_STORIES, site } from '../../../domain/site/site.ts';
import { authorName } from '../../../domain/story/byline.ts';
import { policy } from '../../../domain/permissions.ts';
import { authorProfile } from '../../../services/users/author-profile.ts';
import { isUsername } from '../../../domain/users/schemas.ts';
import { readSocialSettings, SOCIAL_SETTINGS_KEY } from '../../../domain/site/social.ts';
import { isLiveBlog } from '../../../domain/live-blog/live-blog.ts';
import { beforeParam, liveBlogHead, liveBlogRss, liveBlogView, loadLiveBlogPage } from '../seo/live-blog-page.ts';
import { accountHead, accountReadingView, signInLinkHead, signInLinkReadingView } from '../seo/account-pages.ts';
import { donationAsk, supportHead, supportReadingView } from '../seo/support-page.ts';
import { MEMBER_PATHS, NEWSLETTER_PATHS, READER_PATHS } from '../../../contract/page-contract.ts';
import {
  beatNewsletter,
  confirmHead,
  confirmReadingView,
  newsletterSignup,
  newslettersHead,
  newslettersReadingView,
  newsroomNewsletter,
} from '../seo/newsletter-pages.ts';
import { unsubscribeHead, unsubscribeReadingView, type UnsubscribeScreen } from '../seo/unsubscribe-page.ts';
import { unsubscribeByToken, unsubscribeLinkState } from '../../../services/newsletters/subscriptions.ts';
import { DomainError, ValidationError } from '../../../domain/errors.ts';

const RSS_ITEMS = 50;
const SITEMAP_MAX = 50_000;
const PAGE = 100;
const XML = 'application/xml; charset=utf-8';

export type AssetFetcher = (request: Request) => Promise<Response>;

/**
 * A story as every reader of a shared page may have it (decision 090): pages that list stories are
 * cached once for all, so a gated story in them is its opening, whoever reads.
 */
const forEveryReader = (story: Story): Story => storyForReader(story, 'anonymous');

/**
 * Published stories, newest first by publication (docs/product/api-pictures.md), as every public list
 * orders them, each as every reader may have it.
 */
async function listPublished(deps: AppDeps, filter: { limit: number; offset: number; beatId?: number; authorId?: number }) {
  const { items, total } = await deps.stories.list({ scope: { kind: 'published' }, status: 'published', order: 'published', ...filter });
  return { items: items.map(forEveryReader), total };
}

/** Published stories newest first, page by page, up to `max`. */
async function publishedStories(deps: AppDeps, max: number): Promise<Story[]> {
  const out: Story[] = [];
  for (let offset = 0; out.length < max; offset += PAGE) {
    const { items, total } = await listPublished(deps, { limit: Math.min(PAGE, max - out.length), offset });
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
  return listPublished(deps, { limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE, ...filter });
}

/** Up to three other published stories from the story's beat, newest first. */
async function relatedTo(deps: AppDeps, story: Story): Promise<Story[]> {
  if (!story.beat) return [];
  const { items } = await listPublished(deps, { beatId: story.beat.id, limit: RELATED_STORIES + 1, offset: 0 });
  return items.filter((other) => other.id !== story.id).slice(0, RELATED_STORIES);
}

/** The site's handle on X, for twitter:site (the `social` setting; none when unset or unreadable). */
async function siteHandle(deps: AppDeps): Promise<string | null> {
  return readSocialSettings(await deps.settings.get(SOCIAL_SETTINGS_KEY)).xHandle;
}

/** The host people type after a handle: the one the fediverse knows the site by, or (a site that says none) this request's. */
async function fediverseOrigin(deps: AppDeps, requestOrigin: string): Promise<{ handle: string; origin: string }> {
  const settings = await fediverseSettings(deps);
  return { handle: settings.handle, origin: settings.origin ?? requestOrigin };
}

/** Approved replies shown under a story: the first this many. */
const STORY_REPLIES = 50;

/** A file's address (its last segment has an extension): a missing one is a plain 404, not a page. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

/** A link's screen, or the not-valid screen for a link the server did not sign (400 invalid_token). */
async function readLink<T>(read: () => Promise<T>, screen: (answer: T) => UnsubscribeScreen): Promise<UnsubscribeScreen> {
  try {
    return screen(await read());
  } catch (error) {
    if (error instanceof DomainError) return { kind: 'invalid' };
    throw error;
  }
}

/**
 * Pages the web can read without running the app: the home page and story pages as the SPA's
 * HTML with their own head tags, the RSS feed, the sitemaps and robots.txt. `cached` (the edge
 * cache) fronts each of them.
 */
export function seoRoutes(
  deps: AppDeps,
  assets: AssetFetcher,
  cached: MiddlewareHandler,
  cachedStory: MiddlewareHandler = cached,
  levelOf: ReaderLevelOf = async () => 'anonymous',
) {
  const shell = (c: Context) => assets(new Request(new URL('/', c.req.url), { headers: { Accept: 'text/html' } }));
  const origin = (c: Context) => new URL(c.req.url).origin;
  /**
   * A not-found screen with its 404 (docs/product/screens.md), for curl and browsers alike. A route
   * that has already read the shell and the beats passes them in (`loaded`) rather than reading them again.
   */
  const notFound = async (c: Context, screen: NotFoundScreen, loaded?: { page: Response; beats: Beat[] }, appWhenSignedIn = false) => {
    const [beats, shellPage] = loaded ? [loaded.beats, loaded.page] : await Promise.all([deps.beats.list(), shell(c)]);
    return renderAppShell(shellPage, notFoundHead(screen), {
      status: 404,
      readingView: notFoundReadingView(screen, { origin: origin(c), now: deps.clock.now(), beats }, appWhenSignedIn),
    });
  };

  /** An unsubscribe link's page (seo/unsubscribe-page.ts): per link and per state, so never cached. */
  const unsubscribePage = async (c: Context, screen: UnsubscribeScreen) => {
    const [beats, shellPage] = await Promise.all([deps.beats.list(), shell(c)]);
    return renderAppShell(orBareShell(shellPage), unsubscribeHead(screen), {
      status: screen.kind === 'invalid' ? 400 : 200,
      headers: { 'Cache-Control': 'no-store' },
      readingView: unsubscribeReadingView(screen, { origin: origin(c), now: deps.clock.now(), beats }),
    });
  };

  return (
    new Hono<AppEnv>()
      .get('/', cached, async (c) => {
        const [featured, latest, beats, page, social, fediverse, newsletters] = await Promise.all([
          deps.stories.findFeatured().then((story) => story && forEveryReader(story)),
          listPublished(deps, { limit: HOME_LATEST_LIMIT, offset: 0 }),
          deps.beats.list(),
          shell(c),
          siteHandle(deps),
          fediverseOrigin(deps, origin(c)),
          deps.newsletters.list(),
        ]);
        const follow = fediverseFollow(fediverseHandle(fediverse.handle, fediverse.origin), site.name);
        // The featured video's captions, as every reader may have them (the home page is one copy for all).
        const videoCaptions = { tracks: featured?.videoUrl ? await readableTracks(deps, featured, 'anonymous') : [] };
        return renderAppShell(page, homeHead(origin(c), { site: social }), {
          initialData: { [FEATURED_URL]: featured, [HOME_LATEST_URL]: latest.items },
          readingView: homeReadingView(
            featured,
            latest.items,
            { origin: origin(c), now: deps.clock.now(), beats, fediverse: follow, videoCaptions },
            newsletterSignup(newsroomNewsletter(newsletters), 'home'),
          ),
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
        // Not public (a draft its author is previewing, or nothing): a signed-in browser starts the app, which asks the API with its token.
        if (!story) return notFound(c, STORY_NOT_FOUND, { page, beats }, true);
        const [related, social, author, liveBlog, replies, newsletters] = await Promise.all([
          relatedTo(deps, story),
          siteHandle(deps),
          deps.users.findById(story.authorId),
          isLiveBlog(story) ? loadLiveBlogPage(deps, story, beforeParam(c.req.query('before'))) : null,
          deps.fediverse.replies.approved(story.id, STORY_REPLIES),
          deps.newsletters.list(),
        ]);
        const signup = beatNewsletter(newsletters, story.beat?.id) ?? newsroomNewsletter(newsletters);
        // A gated story's page is cut for a reader without access, and cached once per level (decision 090):
        // its video, captions and transcript too.
        const level = await levelOf(c);
        const read = storyForReader(story, level);
        const videoCaptions = { tracks: await readableTracks(deps, story, level) };
        const head = storyHead(
          story,
          origin(c),
          { site: social, creator: author?.xHandle },
          {
            url: read.videoUrl,
            transcript: transcriptText(videoCaptions),
          },
        );
        return renderAppShell(page, liveBlog ? liveBlogHead(story, head, liveBlog.page.updates) : head, {
          initialData: { [storyReadUrl(segment)]: read },
          readingView: storyReadingView(
            read,
            { origin: origin(c), now: deps.clock.now(), beats, videoCaptions },
            related,
            liveBlog ? liveBlogView(story, liveBlog, deps.clock.now()) : '',
            fediverseReplies(replies),
            // The end-of-story gift ask (decision 094), where Stripe is set up.
            `${newsletterSignup(signup, 'story')}${deps.payments ? donationAsk() : ''}`,
            storyBody(story, read, level),
          ),
          headers: isGated(story) ? { [ACCESS_HEADER]: story.access } : {},
        });
      })
      .get('/search', cached, async (c) => {
        const query = (c.req.query('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
        const page = pageParam(c.req.query('page'));
        const [found, beats, shellPage] = await Promise.all([
          searchStories(deps, null, { text: query, scope: 'public', limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
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
        const { items } = await listPublished(deps, { beatId: beat.id, limit: RSS_ITEMS, offset: 0 });
        const channel = {
          title: beat.name,
          description: beat.description ?? `The latest ${beat.name} stories.`,
          path: beatPath(beat),
          feedPath: `${beatPath(beat)}/rss.xml`,
        };
        return c.body(rssFeed(items, origin(c), deps.clock.now(), channel), 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
      })
      .get('/beat/:slug', cached, async (c) => {
        const slug = c.req.param('slug');
        const page = pageParam(c.req.query('page'));
        const [beat, beats, shellPage] = await Promise.all([
          isValidSlug(slug) ? deps.beats.findBySlug(slug) : null,
          deps.beats.list(),
          shell(c),
        ]);
        if (!beat) return notFound(c, BEAT_NOT_FOUND, { page: shellPage, beats });
        const [{ items, total }, social, newsletters] = await Promise.all([
          publishedPage(deps, page, { beatId: beat.id }),
          siteHandle(deps),
          deps.newsletters.list(),
        ]);
        return renderAppShell(shellPage, beatHead(beat, items, page, origin(c), { site: social }), {
          readingView: beatReadingView(
            beat,
            items,
            total,
            page,
            { origin: origin(c), now: deps.clock.now(), beats },
            newsletterSignup(beatNewsletter(newsletters, beat.id), 'beat'),
          ),
        });
      })
      .get('/author/:username', cached, async (c) => {
        const page = pageParam(c.req.query('page'));
        const username = c.req.param('username');
        const [author, beats, shellPage] = await Promise.all([
          isUsername(username) ? authorProfile(deps, username) : null,
          deps.beats.list(),
          shell(c),
        ]);
        if (!author) return notFound(c, AUTHOR_NOT_FOUND, { page: shellPage, beats });
        const [{ items, total }, social, fediverse] = await Promise.all([
          publishedPage(deps, page, { authorId: author.id }),
          siteHandle(deps),
          fediverseOrigin(deps, origin(c)),
        ]);
        // Only staff with a published story are accounts in the fediverse.
        const follow = total > 0 ? fediverseFollow(fediverseHandle(author.username, fediverse.origin), authorName(author)) : '';
        return renderAppShell(shellPage, authorHead(author, page, origin(c), { site: social }), {
          readingView: authorReadingView(author, items, total, page, {
            origin: origin(c),
            now: deps.clock.now(),
            beats,
            fediverse: follow,
          }),
        });
      })
      // The reader's account pages: one page for everyone (cached); their islands ask who is signed in (decision 081).
      .get(READER_PATHS.account, cached, async (c) => {
        const [beats, shellPage] = await Promise.all([deps.beats.list(), shell(c)]);
        return renderAppShell(shellPage, accountHead(), {
          readingView: accountReadingView({ origin: origin(c), now: deps.clock.now(), beats }),
        });
      })
      // /support: the tiers on offer and the gift form, the same page for everyone (decision 094).
      .get(MEMBER_PATHS.support, cached, async (c) => {
        const [beats, shellPage, tiers] = await Promise.all([deps.beats.list(), shell(c), deps.tiers.list()]);
        return renderAppShell(shellPage, supportHead(origin(c)), {
          readingView: supportReadingView(
            tiers.filter((tier) => tier.isActive),
            deps.payments !== null,
            { origin: origin(c), now: deps.clock.now(), beats },
          ),
        });
      })
      .get(NEWSLETTER_PATHS.list, cached, async (c) => {
        const [beats, shellPage, newsletters] = await Promise.all([deps.beats.list(), shell(c), deps.newsletters.list()]);
        return renderAppShell(shellPage, newslettersHead(), {
          readingView: newslettersReadingView(newsletters, { origin: origin(c), now: deps.clock.now(), beats }),
        });
      })
      .get(NEWSLETTER_PATHS.confirm, cached, async (c) => {
        const [beats, shellPage] = await Promise.all([deps.beats.list(), shell(c)]);
        return renderAppShell(shellPage, confirmHead(), {
          readingView: confirmReadingView({ origin: origin(c), now: deps.clock.now(), beats }),
        });
      })
      // An unsubscribe link's page: per link and state, so never cached; a POST from its button unsubscribes.
      .get(NEWSLETTER_PATHS.unsubscribe, async (c) => {
        const token = c.req.query('token') ?? '';
        return unsubscribePage(
          c,
          await readLink(
            () => unsubscribeLinkState(deps, token),
            ({ newsletter, subscribed }) =>
              subscribed
                ? { kind: 'ask', newsletterName: newsletter?.name ?? null, token }
                : { kind: 'done', newsletterName: newsletter?.name ?? null },
          ),
        );
      })
      .post(NEWSLETTER_PATHS.unsubscribe, async (c) => {
        const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        if (body['List-Unsubscribe'] !== 'One-Click')
          throw new ValidationError({ 'List-Unsubscribe': 'Send List-Unsubscribe=One-Click (RFC 8058)' });
        return unsubscribePage(
          c,
          await readLink(
            () => unsubscribeByToken(deps, c.req.query('token') ?? ''),
            ({ newsletter }) => ({
              kind: 'done',
              newsletterName: newsletter?.name ?? null,
            }),
          ),
        );
      })
      .get(READER_PATHS.signIn, cached, async (c) => {
        const [beats, shellPage] = await Promise.all([deps.beats.list(), shell(c)]);
        return renderAppShell(shellPage, signInLinkHead(), {
          readingView: signInLinkReadingView({ origin: origin(c), now: deps.clock.now(), beats }),
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
        // Newest first by publication: the newsworthy ones are at the front.
        const recent = (await publishedStories(deps, NEWS_SITEMAP_MAX)).filter((story) => isNewsworthy(story, now));
        return c.body(newsSitemap(recent, origin(c)), 200, { 'Content-Type': XML });
      })
      .get('/robots.txt', cached, (c) => c.text(robotsTxt(origin(c))))
      // Everything else: a static file, a screen of the app (its shell), or the not-found screen with 404.
      .get('*', async (c) => {
        const path = c.req.path;
        // No static file has an app screen's address (not_found_handling = "none" answers 404 there): its shell, without asking for one.
        if (isAppRoute(path)) {
          const page = await shell(c);
          return new Response(page.body, page);
        }
        const asset = await assets(c.req.raw);
        if (asset.status !== 404) return new Response(asset.body, asset);
        if (path.endsWith('/') && isPageRoute(path.slice(0, -1)))
          return c.redirect(`${path.slice(0, -1)}${new URL(c.req.url).search}`, 301);
        if (looksLikeFile(path)) return c.text('Not found', 404);
        return notFound(c, PAGE_NOT_FOUND);
      })
  );
}
