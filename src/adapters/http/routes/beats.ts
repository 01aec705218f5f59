import { Hono } from 'hono';
import { NotFoundError } from '../../../domain/errors.ts';
import { createBeatSchema, updateBeatSchema } from '../../../domain/beats/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { isValidSlug } from '../../../domain/story/slug.ts';
import { createBeat, updateBeat } from '../../../services/beats/beat-save.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

export const beatRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await c.var.deps.beats.list()))
  .get('/slug/:slug', async (c) => {
    const slug = c.req.param('slug');
    const beat = isValidSlug(slug) ? await c.var.deps.beats.findBySlug(slug) : null;
    if (!beat) throw new NotFoundError('Beat');
    return c.json(beat);
  })
  .post('/', requireAdmin, validate('json', createBeatSchema), async (c) => {
    return c.json(await createBeat(c.var.deps, c.req.valid('json')), 201);
  })
  .put('/:id', requireAdmin, validate('param', idParamSchema), validate('json', updateBeatSchema), async (c) => {
    const beat = await updateBeat(c.var.deps, c.req.valid('param').id, c.req.valid('json'));
    if (!beat) throw new NotFoundError('Beat');
    return c.json(beat);
  });
