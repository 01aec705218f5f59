import { Hono } from 'hono';
import { NotFoundError } from '../../../domain/errors.ts';
import { assignBeatsSchema } from '../../../domain/beats/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { isUsername, updateProfileSchema } from '../../../domain/users/schemas.ts';
import { authorProfile, updateProfile } from '../../../services/users/author-profile.ts';
import { deactivateUser } from '../../../services/users/deactivate-user.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** Usernames are at most 50 of these characters (the register schema). */

export const userRoutes = new Hono<AppEnv>()
  // The author page's person: anyone may read it (docs/product/api.md, "Finding the news").
  .get('/by-username/:username/profile', async (c) => {
    const username = c.req.param('username');
    const profile = isUsername(username) ? await authorProfile(c.var.deps, username) : null;
    if (!profile) throw new NotFoundError('Author');
    return c.json(profile);
  })
  .put('/:id', requireSignedIn, validate('param', idParamSchema), validate('json', updateProfileSchema), async (c) => {
    return c.json(await updateProfile(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json')));
  })
  .use(requireAdmin)
  .get('/', async (c) => c.json(await c.var.deps.users.list()))
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    await deactivateUser(c.var.deps, c.var.user!, c.req.valid('param').id);
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
