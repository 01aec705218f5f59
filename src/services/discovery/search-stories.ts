import type { StorySearch } from '../../domain/discovery/ports.ts';
import type { SearchHit } from '../../domain/discovery/entities.ts';
import { ftsMatchExpression } from '../../domain/discovery/search-query.ts';
import { UnauthenticatedError } from '../../domain/errors.ts';
import { staffSearchScope, type StorySearchScope } from '../../domain/permissions.ts';
import type { User } from '../../domain/users/entities.ts';

export interface SearchStoriesDeps {
  search: StorySearch;
}

/** A search as GET /api/search and the reader's /search page ask for it (docs/product/api.md, "Finding the news"). */
export interface StoriesQuery {
  /** What the reader typed (already trimmed and cut to SEARCH_QUERY_MAX at the boundary). */
  text: string;
  /** `staff` searches what the caller's dashboard lists, any status; `public` published stories only. */
  scope: 'public' | 'staff';
  beatId?: number;
  limit: number;
  offset: number;
}

export interface StoriesFound {
  total: number;
  /** Best match first; each snippet still holds the raw match delimiters (search-query.ts). */
  hits: SearchHit[];
}

/**
 * Full-text search over stories (decision 035). A staff search needs a signed-in user and looks
 * through that user's dashboard scope; what the reader typed never reaches FTS5's syntax, and a
 * query of separators only (say "-&-") finds nothing without asking the index.
 */
export async function searchStories(deps: SearchStoriesDeps, actor: User | null, query: StoriesQuery): Promise<StoriesFound> {
  const scope: StorySearchScope = query.scope === 'staff' ? staffSearchScope(signedIn(actor)) : { kind: 'published' };
  const match = ftsMatchExpression(query.text);
  if (match === null) return { total: 0, hits: [] };
  const { beatId, limit, offset } = query;
  return deps.search.search({ match, scope, beatId, limit, offset });
}

function signedIn(actor: User | null): User {
  if (!actor) throw new UnauthenticatedError();
  return actor;
}
