import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { objectPath } from '../../../domain/federation/objects.ts';
import { hostOf } from '../../../domain/federation/remote-address.ts';
import { accountById, authorAccountByUsername } from '../../../services/federation/fediverse-accounts.ts';
import { federableStory, refusedSender, storyGeneration } from '../../../services/federation/fediverse-desk.ts';
import type { AppDeps } from '../../app-deps.ts';
import { federationData } from '../../federation/fediverse-context.ts';
import type { AppEnv } from '../context.ts';
import { errorBody, JSON_UTF8, statusErrorCode } from '../error-map.ts';
import { limitBody } from '../middleware/request-body.ts';
import { rateLimit } from '../middleware/rate-limit.ts';

/** An activity is small: Mastodon refuses anything over 1 MB, and ours are far under. */
const INBOX_BODY_LIMIT = 256 * 1024;

const ACTIVITY_JSON = 'application/activity+json';

/** Whether a request asks for ActivityStreams rather than a page (Mastodon's lookups ask with these types and no HTML). */
export function wantsActivityJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return /application\/(activity\+json|ld\+json)/i.test(accept) && !/text\/html/i.test(accept);
}

/** The fediverse's addresses on a site that says no origin (SITE_ORIGIN): ids cannot be made, so nothing is answered. */
function notSetUp(c: Context): Response {
  console.warn('A fediverse request was refused: set SITE_ORIGIN (the site’s public origin) to take part in the fediverse');
  return c.json(errorBody('not_found', 'The fediverse is not set up on this site'), 404);
}

/** Hands the request (or another for one of our ids) to Fedify: WebFinger, actors, collections, objects, inboxes. */
async function federate(deps: AppDeps, c: Context<AppEnv>, request: Request = c.req.raw): Promise<Response> {
  const data = await federationData(deps);
  if (!data) return notSetUp(c);
  // Fedify is loaded when the fediverse first asks (fediverse-context.ts).
  const { federationFor } = await import('../../federation/federation.ts');
  const federation = await federationFor(data, deps.fediverse.kv);
  const response = await federation.fetch(request, {
    contextData: data,
    onNotFound: () => c.json(errorBody('not_found', 'Not found'), 404),
    onNotAcceptable: () => c.json(errorBody('not_acceptable', 'Ask for application/activity+json'), 406),
  });
  // Fedify's answers have immutable headers; the security headers are added on the way out.
  return new Response(response.body, response);
}

/** The signing key's and the actor's servers, as the request names them (before anything is fetched). */
function claimedHosts(request: Request, body: unknown): { hosts: string[]; actor: string | null } {
  const hosts: string[] = [];
  const signature = request.headers.get('Signature') ?? request.headers.get('Signature-Input') ?? '';
  const keyId = /keyid="([^"]+)"/i.exec(signature)?.[1];
  if (keyId && URL.canParse(keyId)) hosts.push(hostOf(keyId));
  const actor = typeof body === 'object' && body !== null ? (body as { actor?: unknown }).actor : null;
  const actorId = typeof actor === 'string' ? actor : typeof actor === 'object' && actor !== null ? (actor as { id?: unknown }).id : null;
  if (typeof actorId === 'string' && URL.canParse(actorId)) {
    hosts.push(hostOf(actorId));
    return { hosts, actor: actorId };
  }
  return { hosts, actor: null };
}

/**
 * Before Fedify reads an activity: it must carry an HTTP signature (401 otherwise: docs/product/api-fediverse.md, "Inboxes"), be of a
 * reasonable size (413), and come from neither a blocked server nor a blocked account (403), which
 * are refused before any key of theirs is fetched.
 */
function inboxGuard(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const headers = c.req.raw.headers;
    if (!headers.has('Signature') && !headers.has('Signature-Input')) {
      return c.json(errorBody('unauthenticated', 'An activity must be signed (HTTP Signatures)'), 401);
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.raw.clone().text());
    } catch {
      return c.json(errorBody('bad_request', 'The body is not JSON'), 400);
    }
    const { hosts, actor } = claimedHosts(c.req.raw, body);
    if (await refusedSender(deps, hosts, actor))
      return c.json(errorBody('forbidden', 'This server does not take activities from you'), 403);
    return next();
  });
}

/**
 * Every refusal of these routes in the API's error shape and charset: Fedify answers some (a WebFinger
 * without `resource`, a body it cannot read) in plain text.
 */
const jsonErrors = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const { status } = c.res;
  if (status < 400 || status >= 500) return;
  const type = c.res.headers.get('Content-Type') ?? '';
  if (type === 'application/json') c.res.headers.set('Content-Type', JSON_UTF8);
  if (type.includes('json')) return;
  const said = (await c.res.text()).trim().slice(0, 200);
  const headers = new Headers(c.res.headers);
  headers.set('Content-Type', JSON_UTF8);
  c.res = new Response(JSON.stringify(errorBody(statusErrorCode(status), said || 'The request was refused')), {
    status,
    headers,
  });
});

/** /.well-known/webfinger, /ap/*, NodeInfo, and ActivityStreams answers at the author and story pages' own addresses. */
export function fediverseSiteRoutes(deps: AppDeps) {
  const guard = inboxGuard(deps);
  const limit = limitBody(INBOX_BODY_LIMIT, 'An activity is at most 256 KB');
  // These routes sit outside the API, which sets the deps the rate limit reads.
  const withDeps = createMiddleware<AppEnv>(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  return (
    new Hono<AppEnv>()
      // Only on these addresses: routed at the site's root, a bare use() would reach every page's 404 too.
      .use('/.well-known/*', jsonErrors)
      .use('/nodeinfo/*', jsonErrors)
      .use('/ap/*', jsonErrors)
      .get('/.well-known/webfinger', (c) => federate(deps, c))
      .get('/.well-known/nodeinfo', (c) => federate(deps, c))
      .get('/nodeinfo/2.1', (c) => federate(deps, c))
      // Only how many follow: who follows whom is theirs to share, not ours.
      .get('/ap/actors/:account/followers', async (c) => {
        const data = await federationData(deps);
        if (!data) return notSetUp(c);
        const account = c.req.param('account');
        if (!(await accountById(data.accounts, account))) return c.json(errorBody('not_found', 'Not found'), 404);
        const id = data.uris.followers(account).href;
        const body = {
          '@context': 'https://www.w3.org/ns/activitystreams',
          id,
          type: 'OrderedCollection',
          totalItems: await data.followerCount(account),
        };
        return c.body(JSON.stringify(body), 200, { 'Content-Type': ACTIVITY_JSON, Vary: 'Accept' });
      })
      .post('/ap/inbox', withDeps, rateLimit('inbox'), limit, guard, (c) => federate(deps, c))
      .post('/ap/actors/:account/inbox', withDeps, rateLimit('inbox'), limit, guard, (c) => federate(deps, c))
      .all('/ap/*', (c) => federate(deps, c))
  );
}

/**
 * Mastodon looks up a page's address (a story or author link pasted into its search) asking for
 * ActivityStreams: those requests get the actor or the Article, anything else goes on to the page.
 */
export function activityJsonAtPages(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/author/:username', async (c, next) => {
      if (!wantsActivityJson(c.req.header('Accept'))) return next();
      const data = await federationData(deps);
      if (!data) return next();
      const account = await authorAccountByUsername(data.accounts, c.req.param('username'));
      if (!account) return next();
      return federate(deps, c, new Request(data.uris.actor(account), { headers: c.req.raw.headers }));
    })
    .get('/story/:segment', async (c, next) => {
      if (!wantsActivityJson(c.req.header('Accept'))) return next();
      const story = await federableStory(deps, c.req.param('segment'));
      if (!story) return next();
      const data = await federationData(deps);
      if (!data) return next();
      const generation = await storyGeneration(deps, story.id);
      return federate(deps, c, new Request(data.uris.page(objectPath('story', story.id, generation)), { headers: c.req.raw.headers }));
    });
}
