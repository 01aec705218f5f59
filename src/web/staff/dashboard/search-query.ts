import { queryOptions } from '@tanstack/react-query';
import type { SearchHit } from '../../../domain/discovery/entities.ts';
import { LIST_PAGE_SIZE } from '../../../domain/site/site.ts';
import { apiRequest } from '../../api/client.ts';

/** One search result as GET /api/search answers it; `snippet` is escaped text with <mark> around the matches. */
export type SearchResult = Omit<SearchHit, 'status'> & { status?: SearchHit['status'] };

export interface SearchAnswer {
  total: number;
  results: SearchResult[];
}

/** A page (1-based) of search results; `staff` searches what the caller's dashboard lists. */
export const searchQuery = (q: string, page: number, staff = false) => {
  const params = new URLSearchParams({ q, limit: String(LIST_PAGE_SIZE), offset: String((page - 1) * LIST_PAGE_SIZE) });
  if (staff) params.set('scope', 'staff');
  return queryOptions({
    queryKey: [`/api/search?${params}`] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<SearchAnswer>('GET', queryKey[0], undefined, { signal }),
  });
};
