import { Hono } from 'hono';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../domain/errors.ts';
import type { Story, User } from '../../../domain/entities.ts';
import { policy, storyListScope } from '../../../domain/permissions.ts';
import { idParamSchema, storyListQuerySchema, storySaveSchema, storyUpdateSchema } from '../../../domain/schemas.ts';
import { isValidSlug } from '../../../domain/slug.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';
import { prepareStoryWrite, saveWithSlug } from '../../../services/story-save.ts';

/** A story the caller may not see does not exist, as far as the caller can tell. */
function visibleOr404(user: User | null, story: Story | null): Story {
  if (!story || !policy.canViewStory(user, story)) throw new NotFoundError('Story');
  return story;
}

function editableOrThrow(user: User | null, story: Story | null): Story {
  const visible = visibleOr404(user, story);
  if (!policy.canEditStory(user, visible)) throw new ForbiddenError('Only the story’s author or an admin can change it');
  return visible;
}

export const storyRoutes = new Hono<AppEnv>()
  .get('/', validate('query', storyListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { items, total } = await c.var.deps.stories.list({ ...query, scope: storyListScope(c.var.user) });
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  .get('/featured', async (c) => c.json(await c.var.deps.stories.findFeatured()))
  .get('/slug/:slug', async (c) => {
    const slug = c.req.param('slug');
    const story = isValidSlug(slug) ? await c.var.deps.stories.findBySlug(slug) : null;
    return c.json(visibleOr404(c.var.user, story));
  })
  .get('/:id', validate('param', idParamSchema), async (c) => {
    const story = await c.var.deps.stories.findById(c.req.valid('param').id);
    return c.json(visibleOr404(c.var.user, story));
  })
  .post('/', requireReporter, validate('json', storySaveSchema), async (c) => {
    const { deps, user } = c.var;
    const input = c.req.valid('json');
    const write = await prepareStoryWrite(deps, input, null);
    const story = await saveWithSlug(deps, input.slug, input.title, undefined, (slug) =>
      deps.stories.create({ ...write, slug, authorId: user!.id }, deps.clock.now()),
    );
    return c.json(story, 201);
  })
  .put('/:id', requireSignedIn, validate('param', idParamSchema), validate('json', storyUpdateSchema), async (c) => {
    const { deps, user } = c.var;
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const current = editableOrThrow(user, await deps.stories.findById(id));
    if (current.version !== input.version) throw staleVersion(current);
    const write = await prepareStoryWrite(deps, input, current);
    const outcome = await saveWithSlug(deps, input.slug, input.title, id, (slug) =>
      deps.stories.update(id, input.version, { ...write, slug }, deps.clock.now()),
    );
    if (outcome.kind === 'not_found') throw new NotFoundError('Story');
    if (outcome.kind === 'stale') throw staleVersion(await deps.stories.findById(id));
    return c.json(outcome.story);
  })
  .delete('/:id', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    const { id } = c.req.valid('param');
    editableOrThrow(user, await deps.stories.findById(id));
    if (!(await deps.stories.softDelete(id, deps.clock.now()))) throw new NotFoundError('Story');
    return c.body(null, 204);
  })
  .post('/:id/restore', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    const { id } = c.req.valid('param');
    const facts = await deps.stories.findDeletedFacts(id);
    if (!facts || !policy.canEditStory(user, facts)) throw new NotFoundError('Deleted story');
    const story = await deps.stories.restore(id, deps.clock.now());
    if (!story) throw new NotFoundError('Deleted story');
    return c.json(story);
  })
  .post('/:id/view', validate('param', idParamSchema), async (c) => {
    const { deps, user } = c.var;
    const { id } = c.req.valid('param');
    const views = await deps.stories.recordView(id);
    if (views !== null) return c.json({ views });
    // Not published: nothing is counted, and only those who may see it learn that it exists.
    const story = visibleOr404(user, await deps.stories.findById(id));
    return c.json({ views: story.views });
  });

function staleVersion(current: Story | null): ConflictError {
  const message = 'This story was changed by someone else since you opened it. Reload it to see their changes.';
  return new ConflictError('stale_version', message, undefined, { current });
}
