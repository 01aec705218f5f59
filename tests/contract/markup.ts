/**
 * A small, strict HTML reader for comparing two renderings of the same markup: the worker's
 * hand-written reading view and the SPA's React components (decision 024). It parses the markup
 * both sides write (well-formed, double-quoted attributes), and prints a canonical form: attributes
 * sorted, classes sorted, entities decoded, white space folded, comments gone. Then it removes the
 * differences the reading view makes on purpose, each listed in `readerEquivalent`.
 */

export interface Element {
  tag: string;
  attrs: Map<string, string>;
  children: Node[];
}
export type Node = Element | string;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TOKEN = /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>|[^<]+/g;
const ATTR = /([^\s=>/]+)(?:="([^"]*)")?/g;

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function parse(html: string): Element {
  const root: Element = { tag: '#root', attrs: new Map(), children: [] };
  const stack: Element[] = [root];
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, opening, attrText] = match;
    const parent = stack.at(-1)!;
    if (token.startsWith('<!--')) continue;
    if (closing) {
      const open = stack.pop();
      if (open?.tag !== closing.toLowerCase()) throw new Error(`</${closing}> closes <${open?.tag}>`);
    } else if (opening) {
      const element: Element = { tag: opening.toLowerCase(), attrs: new Map(), children: [] };
      for (const [, name, value] of (attrText ?? '').matchAll(ATTR)) element.attrs.set(name!.toLowerCase(), decode(value ?? ''));
      parent.children.push(element);
      if (!VOID.has(element.tag) && !token.endsWith('/>')) stack.push(element);
    } else {
      const text = decode(token);
      const last = parent.children.at(-1);
      // React writes comments between adjacent text parts; once they are gone the parts join.
      if (typeof last === 'string') parent.children[parent.children.length - 1] = last + text;
      else parent.children.push(text);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.tag}> is never closed`);
  return root;
}

const classes = (element: Element) => (element.attrs.get('class') ?? '').split(/\s+/).filter(Boolean);

/** The first element (depth first) with this tag and class, or undefined. */
export function find(node: Node, tag: string, className: string): Element | undefined {
  return findAll(node, tag, className)[0];
}

export function findAll(node: Node, tag: string, className: string): Element[] {
  if (typeof node === 'string') return [];
  const here = node.tag === tag && classes(node).includes(className) ? [node] : [];
  return [...here, ...node.children.flatMap((child) => findAll(child, tag, className))];
}

/**
 * What the reading view leaves out or writes differently on purpose, removed from both sides:
 * - the app's icons (<svg>): decoration, aria-hidden, not worth their bytes in every page;
 * - the island markers (`data-island`, `data-island-props`: decision 045), which only the worker's
 *   page needs: in the app every part is alive already;
 * - the router's "active link" markers (data-status, the `active` class and aria-current it adds);
 * - React's generated ids (useId: `_R_..._`) and the attributes that point at them;
 * - attributes that say the default (aria-busy="false", fetchpriority="auto").
 * Dates are no exception: both sides write them in UTC with one formatter (decision 046).
 */
function readerEquivalent(node: Node): Node[] {
  if (typeof node === 'string') return [node];
  if (node.tag === 'svg') return [];
  const children = node.children.flatMap((child) => readerEquivalent(child));
  const attrs = new Map(node.attrs);
  attrs.delete('data-island');
  attrs.delete('data-island-props');
  if (attrs.has('data-status')) {
    attrs.delete('data-status');
    attrs.delete('aria-current');
    attrs.set(
      'class',
      classes(node)
        .filter((name) => name !== 'active')
        .join(' '),
    );
  }
  for (const [name, value] of attrs) {
    if (/^_R_\w*_$/.test(value)) attrs.delete(name);
    if ((name === 'aria-busy' && value === 'false') || (name === 'fetchpriority' && value === 'auto')) attrs.delete(name);
    if (name === 'class' && value === '') attrs.delete(name);
  }
  return [{ ...node, attrs, children }];
}

function print(node: Node, indent: string): string[] {
  if (typeof node === 'string') {
    const text = node.replace(/\s+/g, ' ').trim();
    return text === '' ? [] : [`${indent}${JSON.stringify(text)}`];
  }
  const attrs = [...node.attrs]
    .map(([name, value]) => [name, name === 'class' ? value.split(/\s+/).filter(Boolean).sort().join(' ') : value] as const)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return [`${indent}<${node.tag}${attrs}>`, ...node.children.flatMap((child) => print(child, `${indent}  `))];
}

/** One line a tag or a text, indented by depth: a failing comparison shows the differing lines. */
export function canonical(node: Node): string {
  return readerEquivalent(node)
    .flatMap((kept) => print(kept, ''))
    .join('\n');
}
