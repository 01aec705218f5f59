import { Hono } from 'hono';
import type { SearchHit } from '../../../domain/discovery/entities.ts';
import { staffSearchScope, type StorySearchScope } from '../../../domain/permissions.ts';
import { searchQuerySchema } from '../../../domain/discovery/schemas.ts';
import { ftsMatchExpression } from '../../../domain/discovery/search-query.ts';
import { snippetMarkup } from '../search-snippet.ts';
import type { AppEnv } from '../context.ts';
import { signedInUser } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** A result as docs/product/api.md spells it; `status` only for staff, whose searches span every status. */
function toResult(hit: SearchHit, staff: boolean) {
  const { status, snippet, ...rest } = hit;
  return { ...rest, snippet: snippetMarkup(snippet), ...(staff ? { status } : {}) };
}

/** GET /api/search (docs/product/api.md, "Finding the news"; decision 035). */
export const searchRoutes = new Hono<AppEnv>().get('/', validate('query', searchQuerySchema), async (c) => {
  const { q, limit, offset, beatId, scope } = c.req.valid('query');
  const staff = scope === 'staff';
  const searchScope: StorySearchScope = staff ? staffSearchScope(signedInUser(c.var.user)) : { kind: 'published' };
  const match = ftsMatchExpression(q);
  // Only separators (say "-&-"): nothing can match.
  if (match === null) return c.json({ total: 0, results: [] });
  const { total, hits } = await c.var.deps.search.search({ match, scope: searchScope, beatId, limit, offset });
  return c.json({ total, results: hits.map((hit) => toResult(hit, staff)) });
});
