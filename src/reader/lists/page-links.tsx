/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { LIST_PAGE_SIZE } from '../../domain/site/site.ts';
import { pagesAround } from './page-numbers.ts';

/** How many pages `total` items make, at least one. */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));

/**
 * Previous / numbered / next links for a paged public list, as plain links: each page is its own
 * address (`?page=N`), so readers without script and crawlers reach every page.
 */
export function PageLinks({
  page,
  pages,
  href,
  ends = false,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  ends?: boolean;
}) {
  if (pages <= 1) return null;
  // Two either side of the current page; with `ends`, the first and the last too, a gap (null) between.
  const numbers: (number | null)[] = ends ? pagesAround(page, pages) : [];
  if (!ends) for (let n = Math.max(1, page - 2); n <= Math.min(pages, page + 2); n++) numbers.push(n);
  return (
    <nav class="pagination" aria-label="Pages">
      <ul>
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev">
              Previous
            </a>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {numbers.map((n) =>
          n === null ? (
            <li aria-hidden="true" class="pagination-gap">
              …
            </li>
          ) : (
            <li>
              <a href={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
                {n}
              </a>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <a href={href(page + 1)} rel="next">
              Next
            </a>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
