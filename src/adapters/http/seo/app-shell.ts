import { INITIAL_DATA_ELEMENT_ID } from '../../../contract/page-contract.ts';
import { jsonForScript } from './escape.ts';
import { renderHeadTags, type PageHead } from './page-head.ts';

/**
 * The SPA's index.html with this page's <title>, description, canonical, Open Graph, Twitter and
 * JSON-LD tags, its reading view in the root element, and the page's first API answers embedded:
 * previews and reading work without JavaScript, and the first paint waits for no script.
 */
export function renderAppShell(
  shell: Response,
  head: PageHead,
  options: { status?: number; initialData?: Record<string, unknown>; readingView?: string; headers?: Record<string, string> } = {},
): Response {
  const headers = new Headers(shell.headers);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  for (const stale of ['Content-Length', 'ETag', 'Last-Modified', 'Content-Encoding']) headers.delete(stale);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const rewriter = new HTMLRewriter()
    // The page's tags take the place of the shell's own <title>; its generic description goes.
    .on('head > title', { element: (element) => void element.replace(renderHeadTags(head), { html: true }) })
    .on('head > meta[name="description"]', { element: (element) => void element.remove() });
  const { readingView } = options;
  if (readingView) {
    rewriter.on('#root', { element: (element) => void element.setInnerContent(readingView, { html: true }) });
    // The page can be read before the app runs: its HTML, CSS and pictures come first, the app's code after.
    rewriter.on('script[type="module"][src], link[rel="modulepreload"]', {
      element: (element) => void element.setAttribute('fetchpriority', 'low'),
    });
  }
  if (options.initialData) {
    const block = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForScript(options.initialData)}</script>`;
    rewriter.on('body', { element: (element) => void element.append(block, { html: true }) });
  }
  return rewriter.transform(new Response(shell.body, { status: options.status ?? 200, headers }));
}

/**
 * What a page that must always answer (an unsubscribe link's) is put in when the built app is
 * missing (a fresh clone's API tests): its head and reading view still arrive, without the styles.
 */
export function orBareShell(shell: Response): Response {
  if (shell.ok) return shell;
  return new Response(
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title></title></head><body><div id="root"></div></body></html>',
    {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    },
  );
}
