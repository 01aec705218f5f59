import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { APP_WHEN_SIGNED_IN_ATTRIBUTE, READING_VIEW_ATTRIBUTE } from '../../../contract/page-contract.ts';
import { site } from '../../../domain/site/site.ts';
import type { PageHead } from './page-head.ts';
import { footer, header, type ReadingViewContext } from './reading-view.ts';

/** What a not-found screen says (docs/product/screens.md), as the app's screens say it. */
export interface NotFoundScreen {
  /** The tab's title and the heading. */
  title: string;
  text: string;
  /** The screen's look: the app's generic and story screens (`not-found`) or a list page's (`list`). */
  kind: 'not-found' | 'list';
  /** A small line over the heading (the generic screen's "Error 404"). */
  kicker?: string;
}

/** docs/product/screens.md: any address the app has no screen for. */
export const PAGE_NOT_FOUND: NotFoundScreen = {
  title: '404 Page Not Found',
  kicker: 'Error 404',
  text: 'Did you forget to add the page to the router?',
  kind: 'not-found',
};
/** docs/product/screens.md's story viewer, for a story that does not exist or may not be seen. */
export const STORY_NOT_FOUND: NotFoundScreen = {
  title: 'Story Not Found',
  text: "The story you're looking for doesn't exist.",
  kind: 'not-found',
};
export const BEAT_NOT_FOUND: NotFoundScreen = {
  title: 'Beat Not Found',
  text: 'There is no such beat. Every published story is under All stories.',
  kind: 'list',
};
export const AUTHOR_NOT_FOUND: NotFoundScreen = { title: 'Author Not Found', text: 'There is no such author.', kind: 'list' };

/** Its head: the title says so, search engines skip it. */
export function notFoundHead(screen: NotFoundScreen): PageHead {
  return { title: `${screen.title} – ${site.name}`, description: screen.text, robots: 'noindex', openGraph: [], twitter: [], jsonLd: [] };
}

/**
 * The screen as plain HTML (NotFound, StoryNotFound and the beat and author pages' own, in the app).
 * `appWhenSignedIn`: a signed-in browser starts the app over it and asks the API with its token (a
 * story the public may not see may be its author's draft).
 */
export function notFoundReadingView(screen: NotFoundScreen, { now, beats = [] }: ReadingViewContext, appWhenSignedIn = false): string {
  const body =
    screen.kind === 'not-found'
      ? `<div class="page narrow not-found">${screen.kicker ? `<p class="kicker">${esc(screen.kicker)}</p>` : ''}<h1>${esc(screen.title)}</h1><p>${esc(screen.text)}</p><a class="button button-primary" href="/">Back to Home</a></div>`
      : `<div class="page"><h1 class="section-title">${esc(screen.title)}</h1><p class="empty">${esc(screen.text)}</p></div>`;
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE}${appWhenSignedIn ? ` ${APP_WHEN_SIGNED_IN_ATTRIBUTE}` : ''}>${body}</main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}
