import { Hono, type Context } from 'hono';
import type { User } from '../../../domain/users/entities.ts';
import { UnauthenticatedError, ValidationError } from '../../../domain/errors.ts';
import { BEARER_PROTOCOL_PREFIX } from '../../../media/live-protocol.ts';
import { startStreamSchema, streamOnStorySchema } from '../../../domain/live-video/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { hashSessionToken } from '../../crypto/session-tokens.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { refuseWithoutSecondFactor } from '../middleware/two-factor-policy.ts';
import { parseWith, validate } from '../validate.ts';
import { endStream } from '../../../services/live-video/end-stream.ts';
import { streamToPublish } from '../../../services/live-video/publish-stream.ts';
import { startStream } from '../../../services/live-video/start-stream.ts';
import { activeStreams, managedStream } from '../../../services/live-video/stream-owner.ts';
import { sessionByTokenHash } from '../../../services/security/own-sessions.ts';

/**
 * Live streams (docs/product/api.md#live-streams). A stream's story is published with isLive from the start,
 * so readers can open it and watch; ending stores the recording as its video and clears isLive.
 * The camera's bytes travel over a WebSocket to the stream's Durable Object: GET /:id/publish
 * (its reporter, token as a subprotocol). Viewers read segments over HTTP (live-media.ts), and
 * GET /:id/stats tells the reporter or an admin how much work the object has done.
 */

async function readStartFields(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (/^application\/json/i.test(type)) {
    try {
      return await c.req.json();
    } catch {
      throw new ValidationError({ body: 'The body must be JSON' });
    }
  }
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
    const form = await c.req.parseBody();
    return { title: form.title, description: form.description, beatId: form.beatId, storyId: form.storyId };
  }
  return {};
}

function isUpgrade(c: Context<AppEnv>): boolean {
  return c.req.header('Upgrade')?.toLowerCase() === 'websocket';
}

/**
 * Browsers cannot set headers on a WebSocket, so the publisher sends its token as a subprotocol. The
 * session it names passes the same checks as any staff call's: live, an active user, and the admin's
 * second-factor policy (authenticate.ts, two-factor-policy.ts).
 */
async function publisherFrom(c: Context<AppEnv>): Promise<User> {
  const offered = (c.req.header('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
  const token = offered.find((p) => p.startsWith(BEARER_PROTOCOL_PREFIX))?.slice(BEARER_PROTOCOL_PREFIX.length);
  const found = token
    ? await sessionByTokenHash(c.var.deps, await hashSessionToken(token))
    : c.var.user && c.var.session && { user: c.var.user, session: c.var.session };
  if (!found) throw new UnauthenticatedError();
  refuseWithoutSecondFactor(found.user, found.session);
  return found.user;
}

export const streamRoutes = new Hono<AppEnv>()
  .get('/active', async (c) => c.json(await activeStreams(c.var.deps)))
  .post('/start', requireReporter, async (c) => {
    const fields = await readStartFields(c);
    // With a storyId, the stream goes on that live blog's page (docs/product/api-liveblogs.md); else a new story is made for it.
    const storyId = parseWith(streamOnStorySchema, fields).storyId;
    const target = storyId !== null ? { storyId } : { story: parseWith(startStreamSchema, fields) };
    return c.json(await startStream(c.var.deps, c.var.user!, target, new URL(c.req.url).origin), 201);
  })
  .post('/:id/end', requireSignedIn, validate('param', idParamSchema), async (c) => {
    return c.json(await endStream(c.var.deps, c.var.user!, c.req.valid('param').id));
  })
  .get('/:id/stats', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await managedStream(c.var.deps, c.var.user, id, 'Only the stream’s reporter or an admin can see its figures');
    return c.json(await c.var.deps.liveRooms.stats(id));
  })
  .get('/:id/publish', validate('param', idParamSchema), async (c) => {
    if (!isUpgrade(c)) return c.json({ error: { code: 'upgrade_required', message: 'Connect with a WebSocket' } }, 426);
    const user = await publisherFrom(c);
    const { id } = c.req.valid('param');
    await streamToPublish(c.var.deps, user, id);
    return c.var.deps.liveRooms.connectPublisher(id, c.req.raw);
  });
