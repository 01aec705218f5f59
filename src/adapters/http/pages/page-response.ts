import { INITIAL_DATA_ELEMENT_ID } from '../../../contract/page-contract.ts';
import { jsonForScript } from '../../../reader/frame/json-for-script.ts';
import { HeadTags } from '../../../reader/frame/head-tags.tsx';
import type { PageHead } from '../../../reader/frame/page-head.ts';
import type { Html } from '../../../reader/jsx/html.ts';

export interface PageAnswer {
  /** The page's head tags; none keeps the shell's own title and description (the app's screens set their title). */
  head?: PageHead;
  /** The page's body: its component, frame included (src/reader/). */
  body?: Html;
  /** A screen of the app: its code comes first (the page is nothing without it). */
  app?: boolean;
  status?: number;
  /** API URL -> that URL's answer, embedded for the islands' query cache (the first reads). */
  initialData?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * A reader page (decision 120): the build's index.html (its stylesheet and the entry script) with
 * the page's head tags in place of its <title> and description, the page's body in the root element
 * and its first reads embedded. Previews and reading work without JavaScript, and the first paint
 * waits for no script.
 */
export function pageResponse(shell: Response, page: PageAnswer): Response {
  const headers = new Headers(shell.headers);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  for (const stale of ['Content-Length', 'ETag', 'Last-Modified', 'Content-Encoding']) headers.delete(stale);
  for (const [name, value] of Object.entries(page.headers ?? {})) headers.set(name, value);
  const rewriter = new HTMLRewriter();
  if (page.head) {
    const headTags = HeadTags({ head: page.head }).html;
    // The page's tags take the place of the shell's own <title>; its generic description goes.
    rewriter
      .on('head > title', { element: (element) => void element.replace(headTags, { html: true }) })
      .on('head > meta[name="description"]', { element: (element) => void element.remove() });
  }
  if (page.body) {
    const body = page.body.html;
    rewriter.on('#root', { element: (element) => void element.setInnerContent(body, { html: true }) });
  }
  // A page can be read before the app runs: its HTML, CSS and pictures come first, the app's code after.
  if (page.body && !page.app)
    rewriter.on('script[type="module"][src], link[rel="modulepreload"]', {
      element: (element) => void element.setAttribute('fetchpriority', 'low'),
    });
  if (page.initialData) {
    const block = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForScript(page.initialData)}</script>`;
    rewriter.on('body', { element: (element) => void element.append(block, { html: true }) });
  }
  return rewriter.transform(new Response(shell.body, { status: page.status ?? 200, headers }));
}

/**
 * What a page that must always answer (an unsubscribe link's) is put in when the built app is
 * missing (a fresh clone's API tests): its head and body still arrive, without the styles.
 */
export function orBareShell(shell: Response): Response {
  if (shell.ok) return shell;
  return new Response(
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title></title></head><body><div id="root"></div></body></html>',
    { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
}
