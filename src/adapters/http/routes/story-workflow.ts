import { Hono } from 'hono';
import { correctionSchema, restoreRevisionSchema, revisionParamSchema, storyReviewSchema } from '../../../domain/story/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { addCorrection } from '../../../services/story/story-corrections.ts';
import { listRevisions, readRevision, restoreRevision } from '../../../services/story/story-history.ts';
import { reviewStory } from '../../../services/story/story-review.ts';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** The newsroom's working day under /api/stories (docs/product/api.md): review, revision history, corrections. */
export const storyWorkflowRoutes = new Hono<AppEnv>()
  .post('/:id/review', requireSignedIn, validate('param', idParamSchema), validate('json', storyReviewSchema), async (c) => {
    return c.json(await reviewStory(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json')));
  })
  .get('/:id/revisions', requireSignedIn, validate('param', idParamSchema), async (c) => {
    return c.json(await listRevisions(c.var.deps, c.var.user!, c.req.valid('param').id));
  })
  .get('/:id/revisions/:revisionId', requireSignedIn, validate('param', revisionParamSchema), async (c) => {
    const { id, revisionId } = c.req.valid('param');
    return c.json(await readRevision(c.var.deps, c.var.user!, id, revisionId));
  })
  .post(
    '/:id/revisions/:revisionId/restore',
    requireSignedIn,
    validate('param', revisionParamSchema),
    validate('json', restoreRevisionSchema),
    async (c) => {
      const { id, revisionId } = c.req.valid('param');
      return c.json(await restoreRevision(c.var.deps, c.var.user!, id, revisionId, c.req.valid('json').version));
    },
  )
  .post('/:id/corrections', requireSignedIn, validate('param', idParamSchema), validate('json', correctionSchema), async (c) => {
    return c.json(await addCorrection(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json').note), 201);
  });
