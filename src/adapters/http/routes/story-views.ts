import { Hono, type Context } from 'hono';
import { hourOf } from '../../../domain/readership/analytics-range.ts';
import { deviceClass } from '../../../domain/readership/device-class.ts';
import { UnsupportedMediaTypeError } from '../../../domain/errors.ts';
import { viewBodySchema, type ViewBody } from '../../../domain/readership/schemas.ts';
import { referrerSource } from '../../../domain/readership/referrer-source.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import type { AppEnv } from '../context.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { optionalJson, validate } from '../validate.ts';
import { visibleOr404 } from './stories.ts';

/**
 * POST /api/stories/{id}/view (docs/product/api-analytics.md): counts one view of a published
 * story, exactly once, in the story's view counter (decision 060), with the hour, the referrer's
 * host and source, and the device class. The User-Agent is read to class the device and dropped;
 * no address, cookie or user agent is kept. Bots are answered the count and not counted.
 */
export const storyViewRoutes = new Hono<AppEnv>().post('/:id/view', rateLimit('views'), validate('param', idParamSchema), async (c) => {
  const { deps, user } = c.var;
  const { id } = c.req.valid('param');
  const body = await viewBody(c);
  const story = await deps.readership.viewableStory(id);
  if (!story) {
    // Not published: nothing is counted, and only those who may see it learn that it exists.
    return c.json({ views: visibleOr404(user, await deps.stories.findById(id)).views });
  }
  const device = deviceClass(c.req.header('User-Agent'));
  if (device === 'bot') return c.json({ views: (await deps.views.totals([id])).get(id) ?? story.views });
  const { host, source } = referrerSource(body.referrer, new URL(c.req.url).hostname);
  const views = await deps.views.count({ storyId: id, hour: hourOf(deps.clock.now()), source, referrerHost: host, device }, story.views);
  return c.json({ views });
});

/**
 * The call must say `Content-Type: application/json`, body or not: a browser asks the story's site first (CORS) before
 * another site's page may send that type, so a plain form or a no-cors fetch elsewhere cannot count views. The body
 * itself is optional; when there is one it is JSON `{"referrer"}`.
 */
async function viewBody(c: Context<AppEnv>): Promise<ViewBody> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new UnsupportedMediaTypeError('Send the view as JSON, with Content-Type: application/json');
  return optionalJson(c, viewBodySchema);
}
