import { Hono } from 'hono';
import { authorAccount, fediverseHandle, fediverseSettingsSchema, NEWSROOM_ACCOUNT } from '../../../domain/federation/accounts.ts';
import { blockSchema, replyListQuerySchema, replyModerationSchema } from '../../../domain/federation/moderation.ts';
import { NotFoundError } from '../../../domain/errors.ts';
import { policy } from '../../../domain/permissions.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { hasPublishedStory } from '../../../services/federation/fediverse-accounts.ts';
import { fediverseSettings, updateFediverseSettings } from '../../../services/federation/fediverse-settings.ts';
import { block, moderateReply, unblock } from '../../../services/federation/moderation.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** The host people type after the handle: the configured origin's (SITE_ORIGIN), or (a site that says none) this request's. */
async function addressOrigin(c: { var: AppEnv['Variables']; req: { url: string } }): Promise<string> {
  return (await fediverseSettings(c.var.deps)).origin ?? new URL(c.req.url).origin;
}

/** The newsroom's handle: anyone may read it (the site shows it); admins change it. */
export const fediverseSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const settings = await fediverseSettings(c.var.deps);
    return c.json({ handle: settings.handle, address: fediverseHandle(settings.handle, settings.origin ?? new URL(c.req.url).origin) });
  })
  .put('/', requireAdmin, validate('json', fediverseSettingsSchema), async (c) => {
    const { deps, user } = c.var;
    const settings = await updateFediverseSettings(deps, c.req.valid('json'), user!.id, new URL(c.req.url).origin);
    return c.json({ handle: settings.handle, address: fediverseHandle(settings.handle, settings.origin!) });
  });

/** The Fediverse tab (docs/product/api-fediverse.md): followers, replies to moderate, blocks, and each story's deliveries. */
export const fediverseRoutes = new Hono<AppEnv>()
  .get('/overview', requireReporter, async (c) => {
    const { deps, user } = c.var;
    const origin = await addressOrigin(c);
    const settings = await fediverseSettings(deps);
    const mine = (await hasPublishedStory({ stories: deps.storedStories }, user!.id))
      ? { address: fediverseHandle(user!.username, origin), followers: await deps.fediverse.followers.count(authorAccount(user!.id)) }
      : null;
    const pending = policy.isAdmin(user) ? (await deps.fediverse.replies.list({ state: 'pending', limit: 1, offset: 0 })).total : null;
    return c.json({
      newsroom: { address: fediverseHandle(settings.handle, origin), followers: await deps.fediverse.followers.count(NEWSROOM_ACCOUNT) },
      me: mine,
      pendingReplies: pending,
    });
  })
  .get('/replies', requireAdmin, validate('query', replyListQuerySchema), async (c) => {
    const { items, total } = await c.var.deps.fediverse.replies.list(c.req.valid('query'));
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .put('/replies/:id', requireAdmin, validate('param', idParamSchema), validate('json', replyModerationSchema), async (c) => {
    const { deps, user } = c.var;
    const reply = await moderateReply(
      { ...deps.fediverse, clock: deps.clock },
      user!.id,
      c.req.valid('param').id,
      c.req.valid('json').state,
    );
    return c.json(reply);
  })
  .get('/blocks', requireAdmin, async (c) => c.json(await c.var.deps.fediverse.blocks.list()))
  .post('/blocks', requireAdmin, validate('json', blockSchema), async (c) => {
    const { deps, user } = c.var;
    return c.json(await block({ ...deps.fediverse, clock: deps.clock }, user!.id, c.req.valid('json')), 201);
  })
  .delete('/blocks/:id', requireAdmin, validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    await unblock({ ...deps.fediverse, clock: deps.clock }, user!.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  // A story's life in the fediverse, for its author and admins: likes, boosts, replies, and every activity's deliveries.
  .get('/stories/:id', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    const story = await deps.storedStories.findById(c.req.valid('param').id);
    if (!story || !policy.canEditStory(user, story)) throw new NotFoundError('Story');
    const { fediverse } = deps;
    const [reactions, replies, activities] = await Promise.all([
      fediverse.reactions.counts(story.id),
      fediverse.replies.counts(story.id),
      fediverse.outbox.forStory(story.id, 20),
    ]);
    return c.json({ ...reactions, replies, activities });
  });
