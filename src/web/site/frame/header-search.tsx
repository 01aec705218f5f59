import { SEARCH_QUERY_MAX } from '../../../domain/discovery/search-query.ts';

/**
 * The site frame's search box (docs/product/screens.md, "Search"): the same GET form to /search the
 * worker writes; the results are the worker's page, a full load (decision 076).
 */
export function HeaderSearch() {
  return (
    <form className="header-search" role="search" aria-label="Site search" action="/search" method="get">
      <label className="visually-hidden" htmlFor="site-search">
        Search stories
      </label>
      <input
        id="site-search"
        className="header-search-input"
        type="search"
        name="q"
        placeholder="Search stories"
        maxLength={SEARCH_QUERY_MAX}
        required
      />
      <button type="submit" className="button button-small button-secondary header-search-button">
        Search
      </button>
    </form>
  );
}
