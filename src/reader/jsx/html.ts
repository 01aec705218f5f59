import { escapeHtml } from '../../contract/escape-html.ts';

/**
 * HTML the reader pages' components made (decision 120): a string that is already safe to write
 * into a page, as opposed to text, which is always escaped. Only the renderer (jsx-runtime.ts) and
 * `raw` make one.
 */
export class Html {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** What a component may hold: text (escaped), numbers, rendered HTML, lists of them; nothing for null, undefined and booleans. */
export type Child = Html | string | number | boolean | null | undefined | readonly Child[];

/**
 * HTML that is trusted as it is, never escaped: a story's content (sanitised when it was saved),
 * a JSON-LD block (jsonForScript). Every other string a component writes is text.
 */
export function raw(html: string): Html {
  return new Html(html);
}

/** Text as HTML: escaped only when it holds a character that needs it (most text holds none). */
const NEEDS_ESCAPE = /[&<>"']/;
export const escapeText = (text: string): string => (NEEDS_ESCAPE.test(text) ? escapeHtml(text) : text);

/** `child` as HTML, text escaped. */
export function childHtml(child: Child): string {
  if (child === null || child === undefined || typeof child === 'boolean') return '';
  if (child instanceof Html) return child.html;
  if (typeof child === 'string') return escapeText(child);
  if (typeof child === 'number') return String(child);
  let html = '';
  for (const item of child) html += childHtml(item);
  return html;
}

/** A component's or a list's HTML as one string (what a page answers, what an island inserts). */
export function renderToString(child: Child): string {
  return childHtml(child);
}
