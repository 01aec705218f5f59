import { Hono } from 'hono';
import type { SearchHit } from '../../../domain/discovery/entities.ts';
import { searchQuerySchema } from '../../../domain/discovery/schemas.ts';
import { searchStories } from '../../../services/discovery/search-stories.ts';
import { snippetMarkup } from '../../../reader/search/search-snippet.ts';
import type { AppEnv } from '../context.ts';
import { validate } from '../validate.ts';

/** A result as docs/product/api.md spells it; `status` only for staff, whose searches span every status. */
function toResult(hit: SearchHit, staff: boolean) {
  const { status, snippet, ...rest } = hit;
  return { ...rest, snippet: snippetMarkup(snippet), ...(staff ? { status } : {}) };
}

/** GET /api/search (docs/product/api.md, "Finding the news"; decision 035). */
export const searchRoutes = new Hono<AppEnv>().get('/', validate('query', searchQuerySchema), async (c) => {
  const { q, limit, offset, beatId, scope } = c.req.valid('query');
  const { total, hits } = await searchStories(c.var.deps, c.var.user, { text: q, scope, beatId, limit, offset });
  return c.json({ total, results: hits.map((hit) => toResult(hit, scope === 'staff')) });
});
