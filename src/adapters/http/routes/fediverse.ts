import { Hono } from 'hono';
import { fediverseHandle, fediverseSettingsSchema } from '../../../domain/federation/accounts.ts';
import { blockSchema, replyListQuerySchema, replyModerationSchema } from '../../../domain/federation/moderation.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { fediverseOverview, listBlocks, listReplies, storyInFediverse } from '../../../services/federation/fediverse-desk.ts';
import { fediverseSettings, updateFediverseSettings } from '../../../services/federation/fediverse-settings.ts';
import { block, moderateReply, unblock } from '../../../services/federation/moderation.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

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
  // The host of the addresses: the configured origin's (SITE_ORIGIN), or (a site that says none) this request's.
  .get('/overview', requireReporter, async (c) => c.json(await fediverseOverview(c.var.deps, c.var.user!, new URL(c.req.url).origin)))
  .get('/replies', requireAdmin, validate('query', replyListQuerySchema), async (c) => {
    const { items, total } = await listReplies(c.var.deps, c.req.valid('query'));
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
  .get('/blocks', requireAdmin, async (c) => c.json(await listBlocks(c.var.deps)))
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
  .get('/stories/:id', requireSignedIn, validate('param', idParamSchema), async (c) =>
    c.json(await storyInFediverse(c.var.deps, c.var.user, c.req.valid('param').id)),
  );
