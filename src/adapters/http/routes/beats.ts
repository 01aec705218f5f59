import { Hono } from 'hono';
import { NotFoundError } from '../../../domain/errors.ts';
import { createBeatSchema, idParamSchema, updateBeatSchema } from '../../../domain/schemas.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

export const beatRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await c.var.deps.beats.list()))
  .post('/', requireAdmin, validate('json', createBeatSchema), async (c) => {
    const beat = await c.var.deps.beats.create(c.req.valid('json'), c.var.deps.clock.now());
    return c.json(beat, 201);
  })
  .put('/:id', requireAdmin, validate('param', idParamSchema), validate('json', updateBeatSchema), async (c) => {
    const beat = await c.var.deps.beats.update(c.req.valid('param').id, c.req.valid('json'));
    if (!beat) throw new NotFoundError('Beat');
    return c.json(beat);
  });
