import { Hono, type Context } from 'hono';
import type { Story } from '../../../domain/story/entities.ts';
import {
  coverageSchema,
  liveBlogFeedQuerySchema,
  liveBlogUpdateEditSchema,
  liveBlogUpdateSchema,
  updateParamSchema,
} from '../../../domain/live-blog/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { deleteUpdate, editUpdate, postUpdate, readFeed, setCoverage } from '../../../services/live-blog/live-blog.ts';
import type { AppEnv } from '../context.ts';
import { SCOPES_CHANGED } from '../middleware/edge-cache.ts';
import { requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/**
 * A live blog's updates and coverage under /api/stories (docs/product/api-liveblogs.md). Anonymous
 * reads of the feed come from the edge cache, in the live blog's own scope (storyScopes); writes of
 * updates renew only that scope, so the rest of the site stays cached while the live blog moves.
 */

/** The edge-cache scopes of a story's reads: its page and feed by id, and its page by slug. */
export function storyScopes(story: Pick<Story, 'id' | 'slug'>): string[] {
  return [storyScope(String(story.id)), ...(story.slug ? [storyScope(story.slug)] : [])];
}

/** The scope of a read addressed by a story's id or slug (/story/{segment}, /api/stories/{id}/updates). */
export const storyScope = (segment: string) => `story:${segment}`;

/** Marks this request's write as one that changed only the live blog's reads. */
function changedOnly(c: Context<AppEnv>, story: Story): void {
  c.set(SCOPES_CHANGED, storyScopes(story));
}

export const liveBlogRoutes = new Hono<AppEnv>()
  .get('/:id/updates', validate('param', idParamSchema), validate('query', liveBlogFeedQuerySchema), async (c) => {
    const { deps } = c.var;
    return c.json(
      await readFeed({ stories: deps.storedStories, liveBlogs: deps.liveBlogs }, c.var.user, c.req.valid('param').id, c.req.valid('query')),
    );
  })
  .post('/:id/updates', requireReporter, validate('param', idParamSchema), validate('json', liveBlogUpdateSchema), async (c) => {
    const { story, update } = await postUpdate(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json'));
    changedOnly(c, story);
    return c.json(update, 201);
  })
  .put(
    '/:id/updates/:updateId',
    requireSignedIn,
    validate('param', updateParamSchema),
    validate('json', liveBlogUpdateEditSchema),
    async (c) => {
      const { id, updateId } = c.req.valid('param');
      const { story, update } = await editUpdate(c.var.deps, c.var.user!, id, updateId, c.req.valid('json'));
      changedOnly(c, story);
      return c.json(update);
    },
  )
  .delete('/:id/updates/:updateId', requireSignedIn, validate('param', updateParamSchema), async (c) => {
    const { id, updateId } = c.req.valid('param');
    changedOnly(c, await deleteUpdate(c.var.deps, c.var.user!, id, updateId));
    return c.body(null, 204);
  })
  .post('/:id/coverage', requireSignedIn, validate('param', idParamSchema), validate('json', coverageSchema), async (c) => {
    // A story write like any other: the home page's LIVE badge and every list change with it.
    return c.json(await setCoverage(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json').coverage));
  });
