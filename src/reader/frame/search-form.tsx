/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { SEARCH_QUERY_MAX } from '../../domain/discovery/search-query.ts';

/** The site's search box (docs/product/screens.md, "Search"): a plain GET form, so it works before and without any script. */
export function SearchForm({ query = '' }: { query?: string }) {
  return (
    <form class="header-search" role="search" aria-label="Site search" action="/search" method="get">
      <label class="visually-hidden" for="site-search">
        Search stories
      </label>
      <input
        id="site-search"
        class="header-search-input"
        type="search"
        name="q"
        value={query}
        placeholder="Search stories"
        maxlength={SEARCH_QUERY_MAX}
        required
      />
      <button type="submit" class="button button-small button-secondary header-search-button">
        Search
      </button>
    </form>
  );
}
