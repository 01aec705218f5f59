import { Hono } from 'hono';
import { ConflictError, NotFoundError } from '../../../domain/errors.ts';
import { assignBeatsSchema, idParamSchema } from '../../../domain/schemas.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

export const userRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => c.json(await c.var.deps.users.list()))
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    if (id === c.var.user!.id) {
      throw new ConflictError('cannot_delete_self', 'You cannot delete your own account');
    }
    // Deleting deactivates: the account's stories stay, published ones stay public with their byline.
    const outcome = await c.var.deps.users.deactivate(id, c.var.deps.clock.now());
    if (outcome === 'not_found') throw new NotFoundError('User');
    if (outcome === 'last_admin') {
      throw new ConflictError('last_admin', 'The last active admin cannot be deleted');
    }
    return c.body(null, 204);
  })
  .get('/:id/beats', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await c.var.deps.users.findById(id))) throw new NotFoundError('User');
    return c.json(await c.var.deps.beats.listAssigned(id));
  })
  .put('/:id/beats', validate('param', idParamSchema), validate('json', assignBeatsSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { users, beats, clock } = c.var.deps;
    if (!(await users.findById(id))) throw new NotFoundError('User');
    return c.json(await beats.assign(id, c.req.valid('json').beatIds, clock.now()));
  });
