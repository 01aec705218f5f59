import { Hono, type Context } from 'hono';
import type { Story } from '../../../domain/story/entities.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { storyListQuerySchema, storySaveSchema, storyUpdateSchema } from '../../../domain/story/schemas.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';
import { ACCESS_HEADER } from '../middleware/edge-cache.ts';
import { isGated } from '../../../domain/members/access.ts';
import { storyForReader } from '../../../domain/members/reading.ts';
import { createStory, updateStory } from '../../../services/story/story-save.ts';
import { deleteStory, restoreStory } from '../../../services/story/story-trash.ts';
import { featuredStory, listStories, storyById, storyBySlug } from '../../../services/story/story-reads.ts';

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

export const storyRoutes = new Hono<AppEnv>()
  .get('/', validate('query', storyListQuerySchema), async (c) => {
    const { items, total } = await listStories(c.var.deps, c.var.user, c.req.valid('query'));
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .get('/featured', async (c) => c.json(await featuredStory(c.var.deps, c.var.user)))
  .get('/slug/:slug', async (c) => c.json(await readableBy(c, await storyBySlug(c.var.deps, c.var.user, c.req.param('slug')))))
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json(await readableBy(c, await storyById(c.var.deps, c.var.user, c.req.valid('param').id))),
  )
  .post('/', requireReporter, validate('json', storySaveSchema), async (c) => {
    return c.json(await createStory(c.var.deps, c.var.user!, c.req.valid('json')), 201);
  })
  .put('/:id', requireSignedIn, validate('param', idParamSchema), validate('json', storyUpdateSchema), async (c) => {
    return c.json(await updateStory(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json')));
  })
  .delete('/:id', requireSignedIn, validate('param', idParamSchema), async (c) => {
    await deleteStory(c.var.deps, c.var.user, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .post('/:id/restore', requireSignedIn, validate('param', idParamSchema), async (c) =>
    c.json(await restoreStory(c.var.deps, c.var.user, c.req.valid('param').id)),
  );
