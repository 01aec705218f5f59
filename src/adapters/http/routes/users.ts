import { Hono } from 'hono';
import { NotFoundError } from '../../../domain/errors.ts';
import { assignBeatsSchema } from '../../../domain/beats/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { isUsername, updateProfileSchema } from '../../../domain/users/schemas.ts';
import { authorProfile, updateProfile } from '../../../services/users/author-profile.ts';
import { deactivateUser } from '../../../services/users/deactivate-user.ts';
import { newsroomStaff } from '../../../services/users/newsroom-staff.ts';
import { listUsers } from '../../../services/users/user-list.ts';
import { assignBeats, assignedBeats } from '../../../services/beats/assign-beats.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

export const userRoutes = new Hono<AppEnv>()
  // The author page's person: anyone may read it (docs/product/api.md, "Finding the news").
  .get('/by-username/:username/profile', async (c) => {
    const username = c.req.param('username');
    const profile = isUsername(username) ? await authorProfile(c.var.deps, username) : null;
    if (!profile) throw new NotFoundError('Author');
    return c.json(profile);
  })
  // Who writes in the newsroom, without addresses: the dashboard's newsroom list filters by them.
  .get('/staff', requireSignedIn, async (c) => c.json(await newsroomStaff(c.var.deps, c.var.user)))
  .put('/:id', requireSignedIn, validate('param', idParamSchema), validate('json', updateProfileSchema), async (c) => {
    return c.json(await updateProfile(c.var.deps, c.var.user!, c.req.valid('param').id, c.req.valid('json')));
  })
  .use(requireAdmin)
  .get('/', async (c) => c.json(await listUsers(c.var.deps)))
  .delete('/:id', validate('param', idParamSchema), async (c) => {
    await deactivateUser(c.var.deps, c.var.user!, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .get('/:id/beats', validate('param', idParamSchema), async (c) => c.json(await assignedBeats(c.var.deps, c.req.valid('param').id)))
  .put('/:id/beats', validate('param', idParamSchema), validate('json', assignBeatsSchema), async (c) =>
    c.json(await assignBeats(c.var.deps, c.req.valid('param').id, c.req.valid('json').beatIds)),
  );
