import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { READING_VIEW_ATTRIBUTE } from '../../../contract/page-contract.ts';
import { authorName } from '../../../domain/story/byline.ts';
import type { SearchHit } from '../../../domain/discovery/entities.ts';
import { SEARCH_QUERY_MAX } from '../../../domain/discovery/search-query.ts';
import { snippetMarkup } from '../search-snippet.ts';
import { authorPath, beatPath, LIST_PAGE_SIZE, searchHref, site, storyPath } from '../../../domain/site/site.ts';
import { pageLinks } from './page-links.ts';
import type { PageHead } from './page-head.ts';
import { dot, footer, header, when, type ReadingViewContext } from './reading-view.ts';

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

export interface SearchPageData {
  query: string;
  page: number;
  total: number;
  hits: readonly SearchHit[];
}

function result(hit: SearchHit): string {
  const href = esc(storyPath(hit));
  // The snippet is escaped text with <mark> around the matched words, and nothing else (search-query.ts).
  return `<li><article class="search-result" aria-labelledby="result-${hit.id}">
<h2 id="result-${hit.id}" class="search-result-title"><a href="${href}">${esc(hit.title)}</a></h2>
<p class="search-result-snippet">${snippetMarkup(hit.snippet)}</p>
<p class="story-meta"><span>By <a href="${esc(authorPath(hit.author))}">${esc(authorName(hit.author))}</a></span>${hit.beat ? `${dot}<a href="${esc(beatPath(hit.beat))}">${esc(hit.beat.name)}</a>` : ''}${hit.publishedAt ? `${dot}${when(hit.publishedAt)}` : ''}</p>
</article></li>`;
}

/** The search page as plain HTML: the box with the query, the results with the matched words marked, page links. */
export function searchReadingView({ query, page, total, hits }: SearchPageData, { now, beats = [] }: ReadingViewContext): string {
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const first = (page - 1) * LIST_PAGE_SIZE + 1;
  const body = !query
    ? '<p class="empty">Type a word or two to search every published story.</p>'
    : hits.length === 0
      ? `<p class="empty" role="status">${page > 1 && total > 0 ? `There is no page ${page} of results for “${esc(query)}”.` : `No stories match “${esc(query)}”.`}</p>`
      : `<p class="list-summary" role="status">${total === 1 ? '1 story matches' : `Showing ${first}–${first + hits.length - 1} of ${total} stories matching`} “${esc(query)}”</p>
<ol class="search-results">${hits.map(result).join('\n')}</ol>
${pageLinks(page, pageCount, (n) => searchHref(query, n))}`;
  return `${header(false, query)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><div class="page search-page"><h1 class="section-title">${query ? `Search results for “${esc(query)}”` : 'Search'}</h1>
<form class="search-page-form" role="search" aria-label="Search again" action="/search" method="get"><label for="search-page-input">Search stories</label><input id="search-page-input" type="search" name="q" value="${esc(query)}" maxlength="${SEARCH_QUERY_MAX}" required><button type="submit" class="button button-primary">Search</button></form>
${body}</div></main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}
