import { queryOptions } from '@tanstack/react-query';
import type { Beat } from '../../../domain/beats/entities.ts';
import type { SearchHit } from '../../../domain/discovery/entities.ts';
import { LIST_PAGE_SIZE } from '../../../domain/site/site.ts';
import { ApiError, apiRequest } from '../../api/client.ts';

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

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const beatBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: [`/api/beats/slug/${encodeURIComponent(slug)}`] as const,
    queryFn: ({ queryKey, signal }) => orNull(apiRequest<Beat>('GET', queryKey[0], undefined, { signal })),
  });

export interface AuthorProfile {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  role: 'reporter' | 'admin';
  bio: string | null;
  beats: Beat[];
}

export const authorProfileQuery = (username: string) =>
  queryOptions({
    queryKey: [`/api/users/by-username/${encodeURIComponent(username)}/profile`] as const,
    queryFn: ({ queryKey, signal }) => orNull(apiRequest<AuthorProfile>('GET', queryKey[0], undefined, { signal })),
  });
