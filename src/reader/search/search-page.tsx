/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { SearchPageRead } from '../../services/reader-pages/list-pages.ts';
import type { SearchHit } from '../../domain/discovery/entities.ts';
import { SEARCH_QUERY_MAX } from '../../domain/discovery/search-query.ts';
import { authorPath, beatPath, LIST_PAGE_SIZE, searchHref, site, storyPath } from '../../domain/site/site.ts';
import { authorName } from '../../domain/story/byline.ts';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import type { PageHead } from '../frame/page-head.ts';
import { raw } from '../jsx/html.ts';
import { pageCount, PageLinks } from '../lists/page-links.tsx';
import { Dot, FullDate } from '../stories/story-meta.tsx';
import { snippetMarkup } from './search-snippet.ts';

/** /search?q= (docs/product/screens.md, "Search"): not for search engines to index. */
export function searchHead(query: string): PageHead {
  return {
    title: query ? `Search: ${query} – ${site.name}` : `Search – ${site.name}`,
    description: `Search every story ${site.name} has published.`,
    robots: 'noindex',
    openGraph: [],
    twitter: [],
    jsonLd: [],
  };
}

function SearchResult({ hit }: { hit: SearchHit }) {
  const href = storyPath(hit);
  return (
    <li>
      <article class="search-result" aria-labelledby={`result-${hit.id}`}>
        <h2 id={`result-${hit.id}`} class="search-result-title">
          <a href={href}>{hit.title}</a>
        </h2>
        {/* The snippet is escaped text with <mark> around the matched words, and nothing else (search-snippet.ts). */}
        <p class="search-result-snippet">{raw(snippetMarkup(hit.snippet))}</p>
        <p class="story-meta">
          <span>
            By <a href={authorPath(hit.author)}>{authorName(hit.author)}</a>
          </span>
          {hit.beat ? (
            <>
              <Dot />
              <a href={beatPath(hit.beat)}>{hit.beat.name}</a>
            </>
          ) : null}
          {hit.publishedAt ? (
            <>
              <Dot />
              <FullDate iso={hit.publishedAt} />
            </>
          ) : null}
        </p>
      </article>
    </li>
  );
}

function Results({ query, page, total, hits }: SearchPageRead) {
  if (!query) return <p class="empty">Type a word or two to search every published story.</p>;
  if (hits.length === 0)
    return (
      <p class="empty" role="status">
        {page > 1 && total > 0 ? `There is no page ${page} of results for “${query}”.` : `No stories match “${query}”.`}
      </p>
    );
  const first = (page - 1) * LIST_PAGE_SIZE + 1;
  return (
    <>
      <p class="list-summary" role="status">
        {total === 1 ? '1 story matches' : `Showing ${first}–${first + hits.length - 1} of ${total} stories matching`} “{query}”
      </p>
      <ol class="search-results">
        {hits.map((hit) => (
          <SearchResult hit={hit} />
        ))}
      </ol>
      <PageLinks page={page} pages={pageCount(total)} href={(n) => searchHref(query, n)} />
    </>
  );
}

/** /search: the box with the query, the results with the matched words marked, page links. */
export function SearchPage({ data, context }: { data: SearchPageRead; context: FrameContext }) {
  const { query } = data;
  return (
    <PageFrame context={context} query={query}>
      <div class="page search-page">
        <h1 class="section-title">{query ? `Search results for “${query}”` : 'Search'}</h1>
        <form class="search-page-form" role="search" aria-label="Search again" action="/search" method="get">
          <label for="search-page-input">Search stories</label>
          <input id="search-page-input" type="search" name="q" value={query} maxlength={SEARCH_QUERY_MAX} required />
          <button type="submit" class="button button-primary">
            Search
          </button>
        </form>
        <Results {...data} />
      </div>
    </PageFrame>
  );
}
