/**
 * Search queries and snippets (docs/product/api.md, "Finding the news"; decision 035).
 *
 * What a reader types never reaches FTS5's query syntax: it is cut into words (letters, digits
 * and combining marks, as the unicode61 tokenizer cuts them), each word is quoted and matched as
 * a prefix, and all must match. Operators, quotes, parentheses and column filters are just
 * separators.
 */
export const SEARCH_QUERY_MAX = 200;
/** More words than this add nothing to a news search and only cost time. */
const MAX_TERMS = 12;

/** The FTS5 MATCH expression for a reader's query, or null when it holds no word at all. */
export function ftsMatchExpression(query: string): string | null {
  // A word starts with a letter or digit: a lone combining mark would make an empty phrase.
  const words = query.normalize('NFC').match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu);
  if (!words) return null;
  // A one-character prefix would read a large part of the index for a useless answer: it is matched as a word.
  const terms = words.slice(0, MAX_TERMS).map((word) => (word.length > 1 ? `"${word}"*` : `"${word}"`));
  return terms.join(' ');
}

/**
 * Private-use characters FTS5's snippet() puts around each match. Stories never hold them: the
 * repository takes them out of every title, description and body text it writes.
 */
export const MARK_OPEN = '\uE000';
export const MARK_CLOSE = '\uE001';

/** A snippet of words spoken in the story's video says so (decision 129): a reader knows to look there. */
export const SPOKEN_SNIPPET_PREFIX = 'In the video: ';
export function spokenSnippet(snippet: string): string {
  return `${SPOKEN_SNIPPET_PREFIX}${snippet}`;
}

export function withoutMarkDelimiters(text: string): string {
  return text.replace(/[\uE000\uE001]/g, '');
}
