/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  FEATURED_URL,
  HOME_LATEST_URL,
  MEMBER_PATHS,
  NEWSLETTER_PATHS,
  READER_PATHS,
  storyReadUrl,
} from '../../../contract/page-contract.ts';
import { isAppRoute, isPageRoute } from '../../../contract/page-routes.ts';
import { isGated } from '../../../domain/members/access.ts';
import type { FrameRead } from '../../../services/reader-pages/page-frame.ts';
import type { ReaderPages } from '../../../services/reader-pages/reader-pages.ts';
import { AboutPage, aboutHead } from '../../../reader/about/about-page.tsx';
import { AccountPage, accountHead, SignInLinkPage, signInLinkHead } from '../../../reader/account/account-pages.tsx';
import { AllStoriesPage, allStoriesHead } from '../../../reader/all-stories/all-stories-page.tsx';
import { AuthorPage, authorHead } from '../../../reader/author/author-page.tsx';
import { BeatPage, beatHead } from '../../../reader/beat/beat-page.tsx';
import { AppFrame, type FrameContext } from '../../../reader/frame/page-frame.tsx';
import { HomePage } from '../../../reader/home/home-page.tsx';
import { homeHead } from '../../../reader/home/home-head.ts';
import { liveBlogHead } from '../../../reader/live-blog/live-blog-head.ts';
import { ConfirmPage, confirmHead, NewslettersPage, newslettersHead } from '../../../reader/newsletters/newsletters-pages.tsx';
import {
  AUTHOR_NOT_FOUND,
  BEAT_NOT_FOUND,
  NotFoundPage,
  notFoundHead,
  PAGE_NOT_FOUND,
  STORY_NOT_FOUND,
  type NotFoundScreen,
} from '../../../reader/not-found/not-found-page.tsx';
import { UnsubscribePage, unsubscribeHead } from '../../../reader/newsletters/unsubscribe-page.tsx';
import { SearchPage, searchHead } from '../../../reader/search/search-page.tsx';
import { transcriptText } from '../../../reader/captions/video-captions.tsx';
import { storyHead } from '../../../reader/story/story-head.ts';
import { StoryPage } from '../../../reader/story/story-page.tsx';
import { SupportPage, supportHead } from '../../../reader/support/support-page.tsx';
import type { AppEnv, ReaderLevelOf } from '../context.ts';
import { beatFeedRss, liveBlogRss, newsSitemap, robotsTxt, rssFeed, sitemap } from '../feeds/feed-documents.ts';
import { ACCESS_HEADER } from '../middleware/edge-cache.ts';
import { allStoriesQuery, listPageQuery, searchPageQuery, storyPageQuery } from '../pages/page-params.ts';
import { orBareShell, pageResponse, type PageAnswer } from '../pages/page-response.ts';
import type { UnsubscribePageRead } from '../../../services/reader-pages/unsubscribe-page.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { validate } from '../validate.ts';

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';

export type AssetFetcher = (request: Request) => Promise<Response>;

/** A file's address (its last segment has an extension): a missing one is a plain 404, not a page. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

const originOf = (c: Context) => new URL(c.req.url).origin;

/**
 * The reader's pages and the site's feeds (decision 120): each route reads its query leniently
 * (pages/page-params.ts), calls one of the reader-page services, and renders the answer with the
 * page's component (src/reader/) inside the build's index.html. `cached` (the edge cache) fronts
 * each; `cachedStory` keeps one copy of a story's page per reader level (decision 090).
 */
export function readerPageRoutes(
  pages: ReaderPages,
  assets: AssetFetcher,
  cached: MiddlewareHandler,
  cachedStory: MiddlewareHandler = cached,
  levelOf: ReaderLevelOf = async () => 'anonymous',
) {
  const shell = (c: Context) => assets(new Request(new URL('/', c.req.url), { headers: { Accept: 'text/html' } }));
  const frame = (c: Context, read: FrameRead): FrameContext => ({ now: read.now, beats: read.beats, origin: originOf(c) });
  /** The page's answer in the shell, both read at once. */
  const answer = async <T,>(c: Context, read: Promise<T>, page: (read: T) => PageAnswer): Promise<Response> => {
    const [data, shellPage] = await Promise.all([read, shell(c)]);
    return pageResponse(shellPage, page(data));
  };
  /** A not-found screen with its 404 (docs/product/screens.md), for curl and browsers alike. */
  const notFound = (c: Context, screen: NotFoundScreen, read: FrameRead, appWhenSignedIn = false): PageAnswer => ({
    head: notFoundHead(screen),
    status: 404,
    body: <NotFoundPage screen={screen} context={frame(c, read)} appWhenSignedIn={appWhenSignedIn} />,
  });
  /** An unsubscribe link's page: per link and per state, so never cached; there even without the built app. */
  const unsubscribePage = async (c: Context, read: Promise<UnsubscribePageRead>) => {
    const [data, shellPage] = await Promise.all([read, shell(c)]);
    return pageResponse(orBareShell(shellPage), {
      head: unsubscribeHead(data.screen),
      body: <UnsubscribePage data={data} context={frame(c, data)} />,
      status: data.screen.kind === 'invalid' ? 400 : 200,
      headers: { 'Cache-Control': 'no-store' },
    });
  };
  /** A page that shows nothing but its frame and what its islands fill in. */
  const plain = (c: Context, page: (context: FrameContext) => PageAnswer) => answer(c, pages.frame(), (read) => page(frame(c, read)));

  return (
    new Hono<AppEnv>()
      .get('/', cached, (c) =>
        answer(c, pages.home(originOf(c)), (read) => ({
          head: homeHead(originOf(c), { site: read.xHandle }),
          body: <HomePage data={read} context={frame(c, read)} />,
          initialData: { [FEATURED_URL]: read.featured, [HOME_LATEST_URL]: read.latest },
        })),
      )
      .get('/story/:segment/rss.xml', cachedStory, async (c) => {
        const feed = await pages.liveBlogFeed(c.req.param('segment'));
        if (!feed) return c.text('No such live blog', 404);
        return c.body(liveBlogRss(feed.story, feed.updates, originOf(c)), 200, { 'Content-Type': RSS });
      })
      .get('/story/:segment', cachedStory, validate('query', storyPageQuery), async (c, next) => {
        const segment = c.req.param('segment');
        // The story editor's own route (docs/product/screens.md): the plain app.
        if (segment === 'new') return next();
        const { before } = c.req.valid('query');
        return answer(c, pages.story({ segment, before, level: () => levelOf(c) }), (read) => {
          // Not public (a draft its author is previewing, or nothing): a signed-in browser starts the app, which asks the API with its token.
          if (!read.story) return notFound(c, STORY_NOT_FOUND, read, true);
          // Its video as this reader may have it (none past a gate, decision 090), with the words said in it (decision 129).
          const head = storyHead(
            read.story,
            originOf(c),
            { site: read.xHandle, creator: read.authorXHandle },
            { url: read.read.videoUrl, transcript: transcriptText(read.captions) },
          );
          return {
            head: read.liveBlog ? liveBlogHead(read.story, head, read.liveBlog.page.updates) : head,
            body: <StoryPage data={read} context={frame(c, read)} />,
            initialData: { [storyReadUrl(segment)]: read.read },
            // A gated story's page is cut for a reader without access, and cached once per level (decision 090).
            headers: isGated(read.story) ? { [ACCESS_HEADER]: read.story.access } : {},
          };
        });
      })
      .get('/search', cached, validate('query', searchPageQuery), (c) => {
        const { q, page } = c.req.valid('query');
        return answer(c, pages.search(q, page), (read) => ({
          head: searchHead(q),
          body: <SearchPage data={read} context={frame(c, read)} />,
        }));
      })
      .get('/beat/:slug/rss.xml', cached, async (c) => {
        const feed = await pages.beatFeed(c.req.param('slug'));
        if (!feed) return c.text('No such beat', 404);
        return c.body(beatFeedRss(feed.beat, feed.stories, originOf(c), feed.now), 200, { 'Content-Type': RSS });
      })
      .get('/beat/:slug', cached, validate('query', listPageQuery), (c) =>
        answer(c, pages.beat(c.req.param('slug'), c.req.valid('query').page), (read) => {
          if (!read.beat) return notFound(c, BEAT_NOT_FOUND, read);
          return { head: beatHead(read, originOf(c), { site: read.xHandle }), body: <BeatPage data={read} context={frame(c, read)} /> };
        }),
      )
      .get('/author/:username', cached, validate('query', listPageQuery), (c) => {
        const request = { username: c.req.param('username'), page: c.req.valid('query').page, origin: originOf(c) };
        return answer(c, pages.author(request), (read) => {
          if (!read.author) return notFound(c, AUTHOR_NOT_FOUND, read);
          return { head: authorHead(read, originOf(c), { site: read.xHandle }), body: <AuthorPage data={read} context={frame(c, read)} /> };
        });
      })
      .get('/beta', cached, validate('query', allStoriesQuery), (c) =>
        answer(c, pages.allStories(c.req.valid('query')), (read) => ({
          head: allStoriesHead(read),
          body: <AllStoriesPage data={read} context={frame(c, read)} />,
        })),
      )
      // The reader's account pages: one page for everyone (cached); their islands ask who is signed in (decision 081).
      .get(READER_PATHS.account, cached, (c) => plain(c, (context) => ({ head: accountHead(), body: <AccountPage context={context} /> })))
      .get(READER_PATHS.signIn, cached, (c) =>
        plain(c, (context) => ({ head: signInLinkHead(), body: <SignInLinkPage context={context} /> })),
      )
      .get(NEWSLETTER_PATHS.confirm, cached, (c) =>
        plain(c, (context) => ({ head: confirmHead(), body: <ConfirmPage context={context} /> })),
      )
      // An unsubscribe link's page (decision 119): GET asks, the POST of its button (RFC 8058's One-Click) unsubscribes.
      .get(NEWSLETTER_PATHS.unsubscribe, (c) => unsubscribePage(c, pages.unsubscribeLink(c.req.query('token') ?? '')))
      .post(NEWSLETTER_PATHS.unsubscribe, async (c) => {
        const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        if (body['List-Unsubscribe'] !== 'One-Click')
          throw new ValidationError({ 'List-Unsubscribe': 'Send List-Unsubscribe=One-Click (RFC 8058)' });
        return unsubscribePage(c, pages.unsubscribe(c.req.query('token') ?? ''));
      })
      .get('/about', cached, (c) => plain(c, (context) => ({ head: aboutHead(originOf(c)), body: <AboutPage context={context} /> })))
      // /support: the tiers on offer and the gift form, the same page for everyone (decision 094).
      .get(MEMBER_PATHS.support, cached, (c) =>
        answer(c, pages.support(), (read) => ({
          head: supportHead(originOf(c)),
          body: <SupportPage data={read} context={frame(c, read)} />,
        })),
      )
      .get(NEWSLETTER_PATHS.list, cached, (c) =>
        answer(c, pages.newsletters(), (read) => ({
          head: newslettersHead(),
          body: <NewslettersPage newsletters={read.newsletters} context={frame(c, read)} />,
        })),
      )
      .get('/rss.xml', cached, async (c) => {
        const feed = await pages.siteFeed();
        return c.body(rssFeed(feed.stories, originOf(c), feed.now), 200, { 'Content-Type': RSS });
      })
      .get('/sitemap.xml', cached, async (c) => {
        const { stories, paths } = await pages.sitemap();
        return c.body(sitemap(stories, originOf(c), paths), 200, { 'Content-Type': XML });
      })
      .get('/news-sitemap.xml', cached, async (c) =>
        c.body(newsSitemap(await pages.newsSitemap(), originOf(c)), 200, { 'Content-Type': XML }),
      )
      .get('/robots.txt', cached, (c) => c.text(robotsTxt(originOf(c))))
      // Everything else: a static file, a screen of the app (its shell), or the not-found screen with 404.
      .get('*', async (c) => {
        const path = c.req.path;
        // No static file has an app screen's address (not_found_handling = "none" answers 404 there): the frame, the app renders the rest.
        if (isAppRoute(path)) return answer(c, pages.frame(), (read) => ({ body: <AppFrame context={frame(c, read)} />, app: true }));
        const asset = await assets(c.req.raw);
        if (asset.status !== 404) return new Response(asset.body, asset);
        if (path.endsWith('/') && isPageRoute(path.slice(0, -1)))
          return c.redirect(`${path.slice(0, -1)}${new URL(c.req.url).search}`, 301);
        if (looksLikeFile(path)) return c.text('Not found', 404);
        return answer(c, pages.frame(), (read) => notFound(c, PAGE_NOT_FOUND, read));
      })
  );
}
