/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { site } from '../../domain/site/site.ts';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import type { PageHead } from '../frame/page-head.ts';

/** What a not-found screen says (docs/product/screens.md). */
export interface NotFoundScreen {
  /** The tab's title and the heading. */
  title: string;
  text: string;
  /** The screen's look: the generic and the story's (`not-found`) or a list page's (`list`). */
  kind: 'not-found' | 'list';
  /** A small line over the heading (the generic screen's "Error 404"). */
  kicker?: string;
}

/** docs/product/screens.md: any address the site has no page for. */
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
 * A not-found screen, answered with 404. `appWhenSignedIn`: a signed-in browser starts the app over
 * it and asks the API with its token (a story the public may not see may be its author's draft).
 */
export function NotFoundPage({
  screen,
  context,
  appWhenSignedIn = false,
}: {
  screen: NotFoundScreen;
  context: FrameContext;
  appWhenSignedIn?: boolean;
}) {
  return (
    <PageFrame context={context} appWhenSignedIn={appWhenSignedIn}>
      {screen.kind === 'not-found' ? (
        <div class="page narrow not-found">
          {screen.kicker ? <p class="kicker">{screen.kicker}</p> : null}
          <h1>{screen.title}</h1>
          <p>{screen.text}</p>
          <a class="button button-primary" href="/">
            Back to Home
          </a>
        </div>
      ) : (
        <div class="page">
          <h1 class="section-title">{screen.title}</h1>
          <p class="empty">{screen.text}</p>
        </div>
      )}
    </PageFrame>
  );
}
