import { useSuspenseQuery } from '@tanstack/react-query';
import { authorName } from '../../../domain/story/byline.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { authorPath, beatPath, LIST_PAGE_SIZE, searchHref, storyPath } from '../../../domain/site/site.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { searchQuery, type SearchResult } from './discovery-queries.ts';
import { PageLinks } from './page-links.tsx';

function Result({ result }: { result: SearchResult }) {
  return (
    <li>
      <article className="search-result" aria-labelledby={`result-${result.id}`}>
        <h2 id={`result-${result.id}`} className="search-result-title">
          <HrefLink href={storyPath(result)}>{result.title}</HrefLink>
        </h2>
        {/* The API escapes the snippet and adds only <mark> elements (docs/product/api.md, "Finding the news"). */}
        <p className="search-result-snippet" dangerouslySetInnerHTML={{ __html: result.snippet }} />
        <p className="story-meta">
          <span>
            By <HrefLink href={authorPath(result.author)}>{authorName(result.author)}</HrefLink>
          </span>
          {result.beat ? (
            <>
              <span aria-hidden="true"> · </span>
              <HrefLink href={beatPath(result.beat)}>{result.beat.name}</HrefLink>
            </>
          ) : null}
          {result.publishedAt ? (
            <>
              <span aria-hidden="true"> · </span>
              <time dateTime={result.publishedAt}>{formatFullDate(result.publishedAt)}</time>
            </>
          ) : null}
        </p>
      </article>
    </li>
  );
}

/** The results of one search page, as the worker's reading view shows them (src/adapters/http/seo/search-page.ts). */
export function SearchResults({ q, page }: { q: string; page: number }) {
  const { data } = useSuspenseQuery(searchQuery(q, page));
  if (data.results.length === 0) {
    return (
      <p className="empty" role="status">
        {page > 1 && data.total > 0 ? `There is no page ${page} of results for “${q}”.` : `No stories match “${q}”.`}
      </p>
    );
  }
  const first = (page - 1) * LIST_PAGE_SIZE + 1;
  return (
    <>
      <p className="list-summary" role="status">
        {data.total === 1 ? '1 story matches' : `Showing ${first}–${first + data.results.length - 1} of ${data.total} stories matching`} “
        {q}”
      </p>
      <ol className="search-results">
        {data.results.map((result) => (
          <Result key={result.id} result={result} />
        ))}
      </ol>
      <PageLinks page={page} pageCount={Math.max(1, Math.ceil(data.total / LIST_PAGE_SIZE))} href={(n) => searchHref(q, n)} />
    </>
  );
}
