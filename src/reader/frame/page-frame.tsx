/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { APP_WHEN_SIGNED_IN_ATTRIBUTE, READING_VIEW_ATTRIBUTE } from '../../contract/page-contract.ts';
import type { BeatRef } from '../../domain/story/entities.ts';
import type { Child } from '../jsx/html.ts';
import { Notices, SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** What every page's frame needs from the request: the clock's time (the copyright year) and the beats (the footer's News links). */
export interface FrameContext {
  /** The clock's time, ISO 8601. */
  now: string;
  beats: readonly BeatRef[];
  /** The site's origin (site-relative video links resolve against it). */
  origin: string;
}

interface PageFrameProps {
  context: FrameContext;
  /** The Home tab is the current one. */
  onHome?: boolean;
  /** The search box's text (the search page's query). */
  query?: string;
  /** More attributes of <main> (a story page's id, for the view count). */
  main?: Record<string, string | number | boolean>;
  /** A signed-in browser starts the app over this page (a story the public may not see may be its author's draft). */
  appWhenSignedIn?: boolean;
  children?: Child;
}

/**
 * Every reader page (decision 120): the header, the page's <main> (marked as the reading view: the
 * page stays the worker's, only its islands wake, decision 045), the footer and the notice region.
 */
export function PageFrame({ context, onHome, query, main = {}, appWhenSignedIn = false, children }: PageFrameProps) {
  const mainAttributes = { [READING_VIEW_ATTRIBUTE]: true, ...(appWhenSignedIn ? { [APP_WHEN_SIGNED_IN_ATTRIBUTE]: true } : {}), ...main };
  return (
    <>
      <SiteHeader onHome={onHome} query={query} />
      <main id="main" {...mainAttributes}>
        {children}
      </main>
      <SiteFooter year={new Date(context.now).getUTCFullYear()} beats={context.beats} />
      <Notices />
    </>
  );
}

/**
 * The frame of the app's screens (sign-in, the staff's): the same header, footer and notice region
 * as every page, and an empty <main> the app renders into (a spinner until it does). The header's
 * signed-in corner and tabs are kept in step by the app (staff-corner.ts).
 */
export function AppFrame({ context }: { context: FrameContext }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabindex="-1">
        <div class="spinner-wrap" role="status">
          <span class="spinner" aria-hidden="true"></span>
          <span class="visually-hidden">Loading</span>
        </div>
      </main>
      <SiteFooter year={new Date(context.now).getUTCFullYear()} beats={context.beats} />
      <Notices />
    </>
  );
}
