import { Hono } from 'hono';
import { NotFoundError } from '../../../domain/errors.ts';
import { createBeatSchema, updateBeatSchema } from '../../../domain/beats/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { beatBySlug, listBeats } from '../../../services/beats/beat-reads.ts';
import { createBeat, updateBeat } from '../../../services/beats/beat-save.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

export const beatRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listBeats(c.var.deps)))
  .get('/slug/:slug', async (c) => c.json(await beatBySlug(c.var.deps, c.req.param('slug'))))
  .post('/', requireAdmin, validate('json', createBeatSchema), async (c) => {
    return c.json(await createBeat(c.var.deps, c.req.valid('json')), 201);
  })
  .put('/:id', requireAdmin, validate('param', idParamSchema), validate('json', updateBeatSchema), async (c) => {
    const beat = await updateBeat(c.var.deps, c.req.valid('param').id, c.req.valid('json'));
    if (!beat) throw new NotFoundError('Beat');
    return c.json(beat);
  });
