import { escapeHtml as esc } from '../../../contract/escape-html.ts';

/**
 * Previous / numbered / next links for a paged public list, as plain links: each page is its own
 * address (`?page=N`), so readers without the app and crawlers reach every page.
 */
export function pageLinks(page: number, pageCount: number, href: (page: number) => string): string {
  if (pageCount <= 1) return '';
  const item = (n: number, label: string, rel?: string) =>
    `<li><a href="${esc(href(n))}"${rel ? ` rel="${rel}"` : ''}${n === page && !rel ? ' aria-current="page"' : ''}${rel ? '' : ` aria-label="Page ${n}"`}>${esc(label)}</a></li>`;
  const numbers: string[] = [];
  for (let n = Math.max(1, page - 2); n <= Math.min(pageCount, page + 2); n++) numbers.push(item(n, String(n)));
  return `<nav class="pagination" aria-label="Pages"><ul>${page > 1 ? item(page - 1, 'Previous', 'prev') : '<li><span aria-disabled="true">Previous</span></li>'}${numbers.join('')}${
    page < pageCount ? item(page + 1, 'Next', 'next') : '<li><span aria-disabled="true">Next</span></li>'
  }</ul></nav>`;
}

/** A page number from `?page=`, 1 for anything that is not a whole number above 1. */
export function pageParam(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1;
}
