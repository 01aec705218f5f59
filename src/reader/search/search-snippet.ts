import { escapeHtml } from '../../contract/escape-html.ts';
import { MARK_CLOSE, MARK_OPEN } from '../../domain/discovery/search-query.ts';

/**
 * A snippet for the page: every character escaped (by the one escaper), then the match delimiters
 * (and nothing else) turned into <mark> elements, always balanced. Only <mark> can reach the page,
 * whatever the story says: a title or description holding a delimiter itself at most moves a highlight.
 */
export function snippetMarkup(raw: string): string {
  let open = false;
  let out = '';
  for (const part of raw.split(/([\uE000\uE001])/)) {
    if (part === MARK_OPEN) {
      if (!open) out += '<mark>';
      open = true;
    } else if (part === MARK_CLOSE) {
      if (open) out += '</mark>';
      open = false;
    } else out += escapeHtml(part);
  }
  return open ? `${out}</mark>` : out;
}
