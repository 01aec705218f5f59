import { Link } from '@tanstack/react-router';
import { pagesAround } from './page-numbers.ts';

/** The page links of /beta: previous, numbered pages around the current one, next. */
export function Pagination({ page, pageCount, beat }: { page: number; pageCount: number; beat?: string }) {
  if (pageCount <= 1) return null;
  const numbers = pagesAround(page, pageCount);
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        <li>
          {page > 1 ? (
            <Link to="/beta" search={{ page: page - 1, beat }} rel="prev" hash="all-stories">
              Previous
            </Link>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {numbers.map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="pagination-gap">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to="/beta"
                search={{ page: n, beat }}
                hash="all-stories"
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to="/beta" search={{ page: page + 1, beat }} rel="next" hash="all-stories">
              Next
            </Link>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
