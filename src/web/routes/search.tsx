import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { SEARCH_QUERY_MAX } from '../../domain/discovery/search-query.ts';
import { pageSearchParam } from '../site/discovery/page-links.tsx';
import { SearchResults } from '../site/discovery/search-results.tsx';
import { SearchForm } from '../site/frame/header-search.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { Spinner } from '../ui/spinner.tsx';

interface SearchParams {
  q?: string;
  page?: number;
}

/** /search?q= (docs/product/screens.md, "Search"); the worker writes the same page first. */
export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>): SearchParams => {
    const q = typeof search.q === 'string' ? search.q.trim().slice(0, SEARCH_QUERY_MAX) : '';
    return { q: q || undefined, page: pageSearchParam(search.page) };
  },
  component: SearchPage,
});

function SearchPage() {
  const { q = '', page = 1 } = Route.useSearch();
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  return (
    <div className="page search-page">
      <h1 className="section-title">{q ? `Search results for “${q}”` : 'Search'}</h1>
      <SearchForm key={q} initial={q} id="search-page-input" variant="page" />
      {q ? (
        <Suspense fallback={<Spinner label="Searching" />}>
          <SearchResults q={q} page={page} />
        </Suspense>
      ) : (
        <p className="empty">Type a word or two to search every published story.</p>
      )}
    </div>
  );
}
