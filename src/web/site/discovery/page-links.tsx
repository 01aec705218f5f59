import { HrefLink } from '../../ui/href-link.tsx';
import { pagesAround } from '../story-list/page-numbers.ts';

/** Previous, numbered and next links of a paged public list; each page is its own address, as the worker writes them. */
export function PageLinks({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        <li>
          {page > 1 ? (
            <HrefLink href={href(page - 1)} rel="prev">
              Previous
            </HrefLink>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {pagesAround(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="pagination-gap">
              …
            </li>
          ) : (
            <li key={n}>
              <HrefLink href={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
                {String(n)}
              </HrefLink>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <HrefLink href={href(page + 1)} rel="next">
              Next
            </HrefLink>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** `?page=` as the routes read it: a whole number above 1, else the first page. */
export function pageSearchParam(value: unknown): number | undefined {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : undefined;
}
