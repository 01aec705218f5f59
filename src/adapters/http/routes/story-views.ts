import { Hono, type Context } from 'hono';
import { UnsupportedMediaTypeError } from '../../../domain/errors.ts';
import { viewBodySchema, type ViewBody } from '../../../domain/readership/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { countView } from '../../../services/readership/count-view.ts';
import type { AppEnv } from '../context.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { optionalJson, validate } from '../validate.ts';

/**
 * POST /api/stories/{id}/view (docs/product/api-analytics.md): counts one view of a published story
 * (services/readership/count-view.ts). The User-Agent is read to class the device and dropped; no
 * address, cookie or user agent is kept.
 */
export const storyViewRoutes = new Hono<AppEnv>().post('/:id/view', rateLimit('views'), validate('param', idParamSchema), async (c) => {
  const body = await viewBody(c);
  const request = {
    referrer: body.referrer,
    utmMedium: body.utmMedium,
    userAgent: c.req.header('User-Agent'),
    siteHost: new URL(c.req.url).hostname,
  };
  return c.json({ views: await countView(c.var.deps, c.var.user, c.req.valid('param').id, request) });
});

/**
 * The call must say `Content-Type: application/json`, body or not: a browser asks the story's site first (CORS) before
 * another site's page may send that type, so a plain form or a no-cors fetch elsewhere cannot count views. The body
 * itself is optional; when there is one it is JSON `{"referrer", "utmMedium"}`.
 */
async function viewBody(c: Context<AppEnv>): Promise<ViewBody> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new UnsupportedMediaTypeError('Send the view as JSON, with Content-Type: application/json');
  return optionalJson(c, viewBodySchema);
}
