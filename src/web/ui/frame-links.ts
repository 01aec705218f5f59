import { opensInApp } from '../../contract/page-routes.ts';

/**
 * The worker's frame around the app (its header and footer, decision 120) is plain HTML; a plain
 * click on one of its links to an app screen (Dashboard, Admin, Reporter Login, the username) moves
 * within the app, as HrefLink does, instead of loading the page again. Returns the way to stop.
 */
export function frameLinksNavigate(frame: readonly (Element | null)[], navigate: (href: string) => void): () => void {
  const onClick = (event: Event) => {
    const click = event as MouseEvent;
    const link = (click.target as Element | null)?.closest<HTMLAnchorElement>('a[href]');
    const modified = click.metaKey || click.ctrlKey || click.shiftKey || click.altKey || click.button !== 0;
    if (!link || click.defaultPrevented || modified || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || !opensInApp(url.pathname)) return;
    click.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  for (const part of frame) part?.addEventListener('click', onClick);
  return () => {
    for (const part of frame) part?.removeEventListener('click', onClick);
  };
}
