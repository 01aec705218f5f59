import { Hono } from 'hono';
import { except } from 'hono/combine';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from './context.ts';
import { errorBody, handleError, JSON_UTF8 } from './error-map.ts';
import { authenticate } from './middleware/authenticate.ts';
import { compression } from './middleware/compression.ts';
import { noEdgeCache, type EdgeCache } from './middleware/edge-cache.ts';
import { drainUnreadBody, limitBody } from './middleware/request-body.ts';
import { federateWrites } from './middleware/federate-writes.ts';
import { syncFediverse } from '../federation/fediverse-context.ts';
import { activityJsonAtPages, fediverseSiteRoutes } from './routes/fediverse-site.ts';
import { fediverseRoutes, fediverseSettingsRoutes } from './routes/fediverse.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { LEVEL_MEMORY_MS, readerLevels } from './readers/reader-level.ts';
import { alertRoutes, storyAlertRoutes } from './routes/alerts.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { twoFactorPolicy } from './middleware/two-factor-policy.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { pushRoutes } from './routes/push.ts';
import { passwordResetRoutes, resetLinkRoutes } from './routes/password-reset.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { settingsRoutes } from './routes/settings.ts';
import { twoFactorRoutes } from './routes/two-factor.ts';
import { beatRoutes } from './routes/beats.ts';
import { healthRoutes } from './routes/health.ts';
import { liveMediaRoutes } from './routes/live-media.ts';
import { searchRoutes } from './routes/search.ts';
import { readerPageRoutes } from './routes/reader-pages.tsx';
import { readerPages } from '../../services/reader-pages/reader-pages.ts';
import { socialSettingsRoutes } from './routes/social-settings.ts';
import { mediaRoutes } from './routes/media.ts';
import { resumableUploadRoutes } from './routes/resumable-uploads.ts';
import { storyRoutes } from './routes/stories.ts';
import { storyPreviewRoutes } from './routes/story-preview.tsx';
import { storyPreview } from '../../services/reader-pages/story-preview.ts';
import { captionRoutes } from './routes/captions.ts';
import { storyViewRoutes } from './routes/story-views.ts';
import { storyWorkflowRoutes } from './routes/story-workflow.ts';
import { liveBlogRoutes, storyScope } from './routes/live-blog.ts';
import { liveBlogStreamRoutes } from './live-blog/live-blog-stream.ts';
import { streamRoutes } from './routes/streams.ts';
import { uploadRoutes } from './routes/upload.ts';
import { userRoutes } from './routes/users.ts';
import { readerRoutes } from './routes/readers.ts';
import { memberRoutes } from './routes/members.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { newsletterRoutes } from './routes/newsletters.ts';
import { newsletterSettingsRoutes, sendRoutes, storySendRoutes } from './routes/sends.ts';
import { inD1Session } from './d1-bookmarks.ts';
import { NEWSLETTER_PATHS } from '../../contract/page-contract.ts';
import { UNSUBSCRIBE_PATH } from '../../services/newsletters/subscriptions.ts';

/** JSON bodies (stories are the largest) stay well under this; media goes through upload routes. */
const JSON_BODY_LIMIT = 2 * 1024 * 1024;
/**
 * How stale a live blog's cached feed may be in a data centre that did not see the write (where it
 * was seen, the write renews it at once): a reader polling it is at most this far behind.
 */
const LIVE_FEED_TTL_SECONDS = 2;
/** Routes that stream their bodies to R2 and enforce their own, larger, limits. */
const STREAMED_BODY_PATHS = ['/api/upload/*', '/api/uploads/:uploadId/parts/:n'];

export interface AppOptions {
  dev?: boolean;
  /** Serves everything that is not /api (the SPA's static assets). */
  assets?: (request: Request) => Promise<Response>;
  /** Edge caching of public reads (off when not given); the publishing job refreshes the same one. */
  edgeCache?: EdgeCache;
  /** Where resized pictures are kept (the Cache API on Workers); none when not given. */
  pictureCache?: Cache | null;
}

/**
 * Writes that cannot change what anonymous readers see, so they leave the edge cache alone:
 * signing in and out, counting a view, an image upload (a story changes only when it is saved with
 * the image), and a resumable upload's session and parts (its completion may attach a video to a story).
 */
const PRIVATE_WRITES = [
  /^\/api\/auth\//,
  /^\/api\/readers\//,
  // Joining and leaving newsletters, their mail's events, imports, sends and the postal address change no page.
  /^\/api\/newsletters\/(confirm|unsubscribe|events)$/,
  /^\/api\/newsletters\/[a-z0-9-]+\/subscribe$/,
  /^\/api\/newsletters\/\d+\/subscribers\/import$/,
  /^\/api\/stories\/\d+\/send$/,
  /^\/api\/settings\/newsletters$/,
  /^\/api\/settings\/(security|alerts)$/,
  /^\/api\/users\/\d+\/password-reset$/,
  /^\/api\/stories\/\d+\/view$/,
  /^\/api\/upload\/image$/,
  /^\/api\/uploads(\/[^/]+(\/parts\/\d+)?)?$/,
  // A reader's browser asking for alerts, or turning them off; an alert sent (the story is as it was).
  /^\/api\/push\/subscriptions$/,
  /^\/api\/stories\/\d+\/alert$/,
  // Members: going to Stripe, Stripe's events, comps. Pages are cached per access level, never per reader (decision 090).
  /^\/api\/members\/(checkout|donate|portal|\d+)$/,
  /^\/api\/stripe\/webhook$/,
];

/** How old the cached list of streams on air may be; the rooms write their counts every SAVE_EVERY_MS (5 s) on top. */
const ACTIVE_STREAMS_MAX_AGE_SECONDS = 5;

export function isPublicWrite(path: string): boolean {
  return !PRIVATE_WRITES.some((pattern) => pattern.test(path));
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const edge = options.edgeCache ?? noEdgeCache;
  // A session's level is remembered a few seconds only for the edge cache's sake (decision 090).
  const levelOf = readerLevels(deps, edge === noEdgeCache ? 0 : LEVEL_MEMORY_MS);
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', deps);
      c.set('readerLevelOf', levelOf);
      await next();
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
      if (c.res.headers.get('Content-Type') === 'application/json') c.header('Content-Type', JSON_UTF8);
    })
    .use('/stories', edge.readThrough)
    // A live blog's feed is cached in its own scope (decision 055): posting an update renews only it.
    .use(
      '/stories/:id/updates',
      edge.scopedReadThrough((c) => storyScope(c.req.path.split('/')[3] ?? ''), { ttlSeconds: LIVE_FEED_TTL_SECONDS }),
    )
    // A story's own reads (and any other read under /stories) keep one copy per reader level of a gated story (decision 090).
    .use('/stories/*', except(['/api/stories/:id/updates', '/api/stories/:id/updates/stream'], edge.readThroughPerLevel(levelOf)))
    .use('/beats', edge.readThrough)
    .use('/beats/*', edge.readThrough)
    .use('/search', edge.readThrough)
    .use('/users/by-username/*', edge.readThrough)
    // Which streams are on air: a reader's join reads it, so it comes from the cache too (decision 025);
    // starting and ending a stream refresh it, also when a stream ends by itself, and its viewer
    // counts (written by each room every few seconds) are never older than about 10 s (issue 18).
    .use('/streams/active', edge.readThroughWithin(ACTIVE_STREAMS_MAX_AGE_SECONDS))
    .use(edge.purgeOnWrite(isPublicWrite))
    .use(federateWrites(isPublicWrite, syncFediverse))
    // Live media is for anyone and does no session work (decision 025): routed before authentication.
    .route('/streams', liveMediaRoutes)
    // So is a live blog's stream of changes: every reader of an isolate shares one read a second (decision 055).
    .route('/stories', liveBlogStreamRoutes)
    .use(except(STREAMED_BODY_PATHS, limitBody(JSON_BODY_LIMIT, 'The request body is too large')))
    .use(authenticate)
    .use(twoFactorPolicy)
    .route('/auth', authRoutes)
    .route('/auth/2fa', twoFactorRoutes)
    .route('/auth/passkeys', passkeyRoutes)
    .route('/auth/sessions', sessionRoutes)
    .route('/auth/password-reset', passwordResetRoutes)
    .route('/users', userRoutes)
    .route('/users', resetLinkRoutes)
    .route('/settings', settingsRoutes)
    .route('/audit', auditRoutes)
    .route('/beats', beatRoutes)
    .route('/search', searchRoutes)
    .route('/stories', storyRoutes)
    .route(
      '/stories',
      storyPreviewRoutes((actor, id) => storyPreview(deps, actor, id)),
    )
    .route('/stories', storyWorkflowRoutes)
    .route('/stories', liveBlogRoutes)
    .route('/stories', storyViewRoutes)
    .route('/stories', storyAlertRoutes)
    .route('/stories', captionRoutes)
    .route('/alerts', alertRoutes)
    .route('/analytics', analyticsRoutes)
    .route('/health', healthRoutes)
    .route('/upload', uploadRoutes)
    .route('/uploads', resumableUploadRoutes)
    .route('/streams', streamRoutes)
    .route('/settings/social', socialSettingsRoutes)
    .route('/readers', readerRoutes)
    .route('/settings/fediverse', fediverseSettingsRoutes)
    .route('/fediverse', fediverseRoutes)
    .route('/newsletters', newsletterRoutes)
    .route('/stories', storySendRoutes)
    .route('/sends', sendRoutes)
    .route('/settings/newsletters', newsletterSettingsRoutes)
    .route('/push', pushRoutes)
    .route('/members', memberRoutes)
    .route('/stripe', stripeWebhookRoutes)
    .all('*', (c) => c.json(errorBody('not_found', 'No such API route'), 404));

  // Two apps behind one entry: a request is routed among the API's routes or among the pages' few,
  // never among all of them (decision 039: the home page paid for walking the API's routes).
  const apiApp = withOuterLayers(new Hono<AppEnv>(), options).route('/api', api);
  const siteApp = withOuterLayers(new Hono<AppEnv>(), options);
  siteApp.use('/media/*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  siteApp.route('/media', mediaRoutes(options.pictureCache ?? null));
  // The fediverse's addresses (WebFinger, actors, inboxes), and ActivityStreams at the author and story pages' own addresses.
  siteApp.route('/', fediverseSiteRoutes(deps));
  siteApp.route('/', activityJsonAtPages(deps));
  // A story's page and its feed are also in the story's scope: a live blog's new update renews them alone (decision 055).
  // One copy per reader level of a gated story's page (decision 090).
  const storyPage = edge.readThroughPerLevel(levelOf, (c) => storyScope(c.req.param('segment') ?? ''));
  if (options.assets) {
    const pages = readerPages({ ...deps, replies: deps.fediverse.replies, paymentsReady: deps.payments !== null });
    siteApp.route('/', readerPageRoutes(pages, options.assets, edge.readThrough, storyPage, levelOf));
  }
  siteApp.all('*', async (c) => {
    if (!options.assets) return c.text('Not found', 404);
    const asset = await options.assets(c.req.raw);
    // Asset responses have immutable headers; copy so the security headers can be added.
    return new Response(asset.body, asset);
  });
  const serve = (request: Request, env?: unknown, executionCtx?: ExecutionContext): Response | Promise<Response> => {
    const page = unsubscribePageRequest(request);
    if (page) return siteApp.fetch(page, env, executionCtx);
    return (isApiUrl(request.url) ? apiApp : siteApp).fetch(request, env, executionCtx);
  };
  const sessions = deps.d1Sessions;
  return {
    fetch: sessions
      ? (request: Request, env?: unknown, executionCtx?: ExecutionContext): Promise<Response> =>
          inD1Session(sessions, request, () => serve(request, env, executionCtx), { api: isApiUrl(request.url) })
      : serve,
    /** Every route of both, as Hono lists them. */
    routes: [...apiApp.routes, ...siteApp.routes],
  };
}

/** What every answer passes through, API or page, outermost first; and how errors and unknown paths answer. */
function withOuterLayers(app: Hono<AppEnv>, options: AppOptions): Hono<AppEnv> {
  app.use(drainUnreadBody);
  app.use(compression);
  app.use(securityHeaders({ dev: options.dev ?? false }));
  app.onError(handleError);
  app.notFound((c) => c.json(errorBody('not_found', 'Not found'), 404));
  return app;
}

/**
 * The mail header's unsubscribe address (RFC 8058) opened in a browser: a GET, or a form's POST
 * that asks for HTML, gets the reader's unsubscribe page at that address, in the site's frame
 * (issue 42). A mail client's one-click POST stays the API's.
 */
function unsubscribePageRequest(request: Request): Request | null {
  if (!isApiUrl(request.url)) return null;
  const url = new URL(request.url);
  if (url.pathname !== UNSUBSCRIBE_PATH) return null;
  const browser = request.method === 'GET' || request.method === 'HEAD' || (request.headers.get('Accept') ?? '').includes('text/html');
  if (!browser) return null;
  url.pathname = NEWSLETTER_PATHS.unsubscribe;
  return new Request(url, request);
}

/** Whether a request URL's path is /api or under it, read from the string without parsing a URL. */
export function isApiUrl(url: string): boolean {
  const pathStart = url.indexOf('/', url.indexOf('://') + 3);
  if (pathStart === -1 || !url.startsWith('/api', pathStart)) return false;
  const next = url[pathStart + 4];
  return next === undefined || next === '/' || next === '?' || next === '#';
}

export type ApiApp = ReturnType<typeof createApp>;
