import { childHtml, escapeText, Html, type Child } from './html.ts';

/**
 * The reader pages' JSX (decision 120): each element becomes its HTML at once, text and attribute
 * values escaped, in the markup the pages have always had: void elements without a closing slash,
 * a `true` attribute by its name alone, `false`, null and undefined ones left out, attributes in
 * the order written. Components are plain functions of their props. No virtual DOM, no hooks, no
 * async: a page renders in one synchronous pass, on the worker, and in an island that writes the
 * same markup in the browser (a live blog's new update).
 *
 * A component file starts with two comments, `@jsxRuntime automatic` and `@jsxImportSource
 * #reader-jsx` (each its own block comment: esbuild reads one pragma a comment); package.json's
 * "imports" maps that name here for TypeScript, Vite and Node alike. The worker's tsconfig makes it
 * the default there.
 */

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

type AttributeValue = string | number | boolean | null | undefined;

/** Attributes as HTML spells them (`class`, `for`), never React's names. */
interface Attributes {
  children?: Child;
  className?: never;
  htmlFor?: never;
  [name: string]: AttributeValue | Child;
}

export type Component<P> = (props: P) => Html;

function element(tag: string, props: Attributes): Html {
  let html = `<${tag}`;
  for (const name in props) {
    if (name === 'children') continue;
    const value = props[name] as AttributeValue;
    if (value === null || value === undefined || value === false) continue;
    html += value === true ? ` ${name}` : ` ${name}="${typeof value === 'number' ? value : escapeText(value)}"`;
  }
  if (VOID_ELEMENTS.has(tag)) return new Html(`${html}>`);
  return new Html(`${html}>${childHtml(props.children)}</${tag}>`);
}

export function jsx(type: string | Component<never>, props: Record<string, unknown>): Html {
  return typeof type === 'function' ? (type as Component<Record<string, unknown>>)(props) : element(type, props as Attributes);
}
export const jsxs = jsx;
export const jsxDEV = jsx;

export function Fragment({ children }: { children?: Child }): Html {
  return new Html(childHtml(children));
}

// TypeScript finds a JSX runtime's element types in its `JSX` namespace: the one namespace we write.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace JSX {
  type Element = Html;
  interface ElementChildrenAttribute {
    children: unknown;
  }
  interface IntrinsicElements {
    [tag: string]: Attributes;
  }
}
