import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { SEARCH_QUERY_MAX } from '../../../domain/discovery/search-query.ts';

/**
 * A search box (docs/product/screens.md, "Search"): the same GET form to /search the worker
 * writes, so it works before the app runs; inside the app it navigates without a page load.
 */
export function SearchForm({ initial, id, variant }: { initial: string; id: string; variant: 'header' | 'page' }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) void navigate({ to: '/search', search: { q: q.trim() } });
  };
  const header = variant === 'header';
  return (
    // Two search landmarks on the search page: each has a name of its own.
    <form
      className={header ? 'header-search' : 'search-page-form'}
      role="search"
      aria-label={header ? 'Site search' : 'Search again'}
      action="/search"
      method="get"
      onSubmit={submit}
    >
      <label className={header ? 'visually-hidden' : undefined} htmlFor={id}>
        Search stories
      </label>
      <input
        id={id}
        className={header ? 'header-search-input' : undefined}
        type="search"
        name="q"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        placeholder={header ? 'Search stories' : undefined}
        maxLength={SEARCH_QUERY_MAX}
        required
      />
      <button type="submit" className={header ? 'button button-small button-secondary header-search-button' : 'button button-primary'}>
        Search
      </button>
    </form>
  );
}

/** The site frame's box, holding the query while a search page is shown (keyed by it, so a new search resets it). */
export function HeaderSearch() {
  const current = useRouterState({
    select: (state) => (state.location.pathname === '/search' ? String((state.location.search as { q?: unknown }).q ?? '') : ''),
  });
  return <SearchForm key={current} initial={current} id="site-search" variant="header" />;
}
