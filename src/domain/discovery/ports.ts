import type { StorySearchScope } from '../permissions.ts';
import type { SearchHit } from './entities.ts';

/** The search index the discovery pages and GET /api/search read. */

/** Full-text search over stories (decision 035). */
export interface StorySearch {
  /**
   * `match` is an FTS5 expression made by ftsMatchExpression (never a caller's text); best match
   * first. Each hit's snippet still holds the raw match delimiters (search-query.ts).
   */
  search(query: {
    match: string;
    scope: StorySearchScope;
    beatId?: number;
    limit: number;
    offset: number;
  }): Promise<{ total: number; hits: SearchHit[] }>;
}
