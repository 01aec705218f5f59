import { Hono, type Context } from 'hono';
import type { LiveStream, User } from '../../../domain/entities.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../../domain/errors.ts';
import { BEARER_PROTOCOL_PREFIX } from '../../../media/live-protocol.ts';
import { mediaKey } from '../../../media/media-keys.ts';
import { startStreamSchema } from '../../../domain/media-schemas.ts';
import { policy } from '../../../domain/permissions.ts';
import { idParamSchema } from '../../../domain/schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { toBase64Url } from '../../crypto/bytes.ts';
import { hashSessionToken } from '../../crypto/session-tokens.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { refuseWithoutSecondFactor } from '../middleware/two-factor-policy.ts';
import { parseWith, validate } from '../validate.ts';
import { saveWithSlug } from '../../../services/story-save.ts';
import { liveStoryText } from '../../../services/live-story-text.ts';
import { messages } from '../../../domain/messages.ts';
import { startLiveBlogVideo } from '../../../services/live-blog.ts';
import { streamOnStorySchema } from '../../../domain/schemas.ts';

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

/** Who started a stream: its story's author, also when the story was deleted meanwhile. */
async function streamAuthor(deps: AppDeps, stream: LiveStream) {
  const story = (await deps.stories.findById(stream.storyId)) ?? (await deps.stories.findDeletedFacts(stream.storyId));
  if (!story) throw new NotFoundError('Live stream');
  return story;
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
    ? await c.var.deps.sessions.findSession(await hashSessionToken(token), c.var.deps.clock.now())
    : c.var.user && c.var.session && { user: c.var.user, session: c.var.session };
  if (!found) throw new UnauthenticatedError();
  refuseWithoutSecondFactor(found.user, found.session);
  return found.user;
}

async function liveStream(deps: AppDeps, id: number): Promise<LiveStream> {
  const stream = await deps.liveStreams.findById(id);
  if (!stream) throw new NotFoundError('Live stream');
  return stream;
}

export const streamRoutes = new Hono<AppEnv>()
  .get('/active', async (c) => c.json(await c.var.deps.liveStreams.listActive()))
  .post('/start', requireReporter, async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const fields = await readStartFields(c);
    const now = deps.clock.now();
    // With a storyId, the stream goes on that live blog's page (docs/product/api-liveblogs.md); else a new story is made for it.
    const onStory = parseWith(streamOnStorySchema, fields).storyId;
    const input = onStory === null ? parseWith(startStreamSchema, fields) : null;
    if (input && input.beatId !== null && !(await deps.beats.findById(input.beatId)))
      throw new ValidationError({ beatId: messages.beatIdInvalid });
    const story =
      onStory !== null
        ? await startLiveBlogVideo(deps, user, onStory)
        : await saveWithSlug(deps, '', input!.title, undefined, (slug) =>
            deps.stories.create(
              {
                title: input!.title,
                slug,
                ...liveStoryText(input!.description, user),
                beatId: input!.beatId,
                status: 'published',
                isFeatured: false,
                featuredImageUrl: null,
                videoUrl: null,
                publishedAt: now,
                isLive: true,
                authorId: user.id,
              },
              now,
            ),
          );
    let stream: LiveStream | null = null;
    try {
      stream = await deps.liveStreams.create(
        { storyId: story.id, streamKey: toBase64Url(crypto.getRandomValues(new Uint8Array(24))), startedAt: now },
        now,
        user.id,
      );
      await deps.liveRooms.open({
        streamId: stream.id,
        recordingKey: mediaKey('streams', 'webm', now, crypto.randomUUID()),
        origin: new URL(c.req.url).origin,
      });
    } catch (error) {
      // No live story without its stream and room: undo what was written.
      if (stream) await deps.liveStreams.end(stream.id, { videoUrl: null, endedAt: now });
      await (onStory !== null ? deps.liveBlogs.setVideoLive(story.id, false) : deps.stories.softDelete(story.id, now));
      throw error;
    }
    return c.json(stream, 201);
  })
  .post('/:id/end', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps } = c.var;
    const { id } = c.req.valid('param');
    const stream = await liveStream(deps, id);
    if (!policy.canEditStory(c.var.user, await streamAuthor(deps, stream)))
      throw new ForbiddenError('Only the stream’s reporter or an admin can end it');
    await deps.liveRooms.end(id, c.var.user!.id);
    return c.json(await liveStream(deps, id));
  })
  .get('/:id/stats', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps } = c.var;
    const { id } = c.req.valid('param');
    const stream = await liveStream(deps, id);
    if (!policy.canEditStory(c.var.user, await streamAuthor(deps, stream)))
      throw new ForbiddenError('Only the stream’s reporter or an admin can see its figures');
    return c.json(await deps.liveRooms.stats(id));
  })
  .get('/:id/publish', validate('param', idParamSchema), async (c) => {
    const { deps } = c.var;
    if (!isUpgrade(c)) return c.json({ error: { code: 'upgrade_required', message: 'Connect with a WebSocket' } }, 426);
    const user = await publisherFrom(c);
    const { id } = c.req.valid('param');
    const stream = await liveStream(deps, id);
    const author = await streamAuthor(deps, stream);
    if (!policy.isReporter(user) || author.authorId !== user.id) throw new ForbiddenError('Only the stream’s reporter can send its video');
    if (!stream.isActive) throw new ConflictError('stream_ended', 'This stream has ended');
    return deps.liveRooms.connectPublisher(id, c.req.raw);
  });
