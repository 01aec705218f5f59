import { Hono, type Context } from 'hono';
import type { AuditEntry } from '../../../domain/audit/audit.ts';
import { NotFoundError } from '../../../domain/errors.ts';
import { policy, storyForViewer, storyListScope, visibleOr404 } from '../../../domain/permissions.ts';
import type { Story } from '../../../domain/story/entities.ts';
import type { User } from '../../../domain/users/entities.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { storyListQuerySchema, storySaveSchema, storyUpdateSchema } from '../../../domain/story/schemas.ts';
import { isValidSlug } from '../../../domain/story/slug.ts';
import { listOrderFor } from '../../../domain/story/working-day.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';
import { ACCESS_HEADER } from '../middleware/edge-cache.ts';
import { isGated } from '../../../domain/members/access.ts';
import { storyForReader } from '../../../domain/members/reading.ts';
import { createStory, editableOrThrow, updateStory } from '../../../services/story/story-save.ts';

/**
 * A story as this caller may read it (decision 090): staff whole, as stored (the editor's marker
 * kept, for the editor); a reader whole or cut to its opening by their level, with `gated`. A gated story's answer says so in
 * ACCESS_HEADER, so the edge cache keeps one copy of it per level.
 */
async function readableBy(c: Context<AppEnv>, story: Story): Promise<Story | (Story & { gated: boolean })> {
  if (c.var.user) return story;
  if (isGated(story)) c.header(ACCESS_HEADER, story.access);
  return storyForReader(story, await c.var.readerLevelOf(c));
}

/** Lists are read alike by every reader (one cached copy): a gated story in them is its opening; staff read them whole. */
function listedFor(user: User | null, story: Story): Story | (Story & { gated: boolean }) {
  const visible = storyForViewer(user, story);
  return user ? visible : storyForReader(visible, 'anonymous');
}

export const storyRoutes = new Hono<AppEnv>()
  .get('/', validate('query', storyListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const scope = storyListScope(c.var.user);
    const { items, total } = await c.var.deps.stories.list({
      ...query,
      order: listOrderFor(query.status, scope.kind === 'published'),
      scope,
    });
    c.header('X-Total-Count', String(total));
    return c.json(items.map((story) => listedFor(c.var.user, story)));
  })
  .get('/featured', async (c) => {
    const story = await c.var.deps.stories.findFeatured();
    return c.json(story && listedFor(c.var.user, story));
  })
  .get('/slug/:slug', async (c) => {
    const slug = c.req.param('slug');
    const story = isValidSlug(slug) ? await c.var.deps.stories.findBySlug(slug) : null;
    return c.json(await readableBy(c, visibleOr404(c.var.user, story)));
  })
  .get('/:id', validate('param', idParamSchema), async (c) => {
    const story = await c.var.deps.stories.findById(c.req.valid('param').id);
    return c.json(await readableBy(c, visibleOr404(c.var.user, story)));
  })
  .post('/', requireReporter, validate('json', storySaveSchema), async (c) => {
    return c.json(await createStory(c.var.deps, c.var.user!, c.req.valid('json')), 201);
  })
  .put('/:id', requireSignedIn, validate('param', idParamSchema), validate('json', storyUpdateSchema), async (c) => {
    return c.json(await updateStory(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json')));
  })
  .delete('/:id', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    const { id } = c.req.valid('param');
    const story = editableOrThrow(user, await deps.stories.findById(id));
    const audit: AuditEntry[] = [{ action: 'story.deleted', actorId: user!.id, target: null, detail: { status: story.status } }];
    if (!(await deps.stories.softDelete(id, deps.clock.now(), audit))) throw new NotFoundError('Story');
    return c.body(null, 204);
  })
  .post('/:id/restore', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    const { id } = c.req.valid('param');
    const facts = await deps.stories.findDeletedFacts(id);
    if (!facts || !policy.canEditStory(user, facts)) throw new NotFoundError('Deleted story');
    const story = await deps.stories.restore(id, deps.clock.now(), [
      { action: 'story.restored', actorId: user!.id, target: null, detail: { status: facts.status } },
    ]);
    if (!story) throw new NotFoundError('Deleted story');
    return c.json(story);
  });
