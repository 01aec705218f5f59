/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS } from '../../contract/page-contract.ts';
import { LIVE_BLOG, LIVE_BLOG_ID, updateId } from '../../contract/live-blog.ts';
import { island } from '../island.ts';
import { raw } from '../jsx/html.ts';

/**
 * A live blog's markup on the reader's page (docs/product/screens.md, "Live blog"), written once
 * (decision 120): the worker writes the page with these components (HTML first: the first updates,
 * the key events and the pinned update read without JavaScript), and the page's island
 * (live-blog.island.ts) writes every update that arrives later with the same components, so both are
 * the same markup by construction. Inputs are plain values (src/domain/live-blog/live-blog.ts's
 * updateView); bodies are sanitised HTML. The attributes the island finds its parts by are LIVE_BLOG's.
 */

/** The live blog island's props: a story the public may not see yet is read with the staff token. */
export interface LiveBlogProps {
  published?: boolean;
}

/** A bare attribute the island finds a part by. */
const marked = (name: string) => ({ [name]: true });

/** One update as the markup shows it (src/domain/live-blog/live-blog.ts's updateView makes it: byline, time, first words). */
export interface UpdateMarkupView {
  id: number;
  /** Sanitised HTML, written as it is. */
  bodyHtml: string;
  /** The byline: first and last name when both exist, else the username. */
  author: string;
  iso: string;
  time: string;
  keyEvent: boolean;
  pinned: boolean;
  /** One line of its text, for the key events list. */
  headline: string;
}

/** One update, as it stands in the feed (with its anchor id), or as the pinned copy above the feed. */
export function UpdateArticle({
  update,
  storyPath,
  pinnedCopy = false,
}: {
  update: UpdateMarkupView;
  storyPath: string;
  pinnedCopy?: boolean;
}) {
  const anchor = updateId(update.id);
  const heading = pinnedCopy ? `pinned-${anchor}-time` : `${anchor}-time`;
  const classes = `live-blog-update${update.keyEvent ? ' is-key-event' : ''}${update.pinned ? ' is-pinned' : ''}`;
  return (
    <article class={classes} id={pinnedCopy ? undefined : anchor} aria-labelledby={heading}>
      <header class="live-blog-update-header">
        <a class="live-blog-time" id={heading} href={`${storyPath}#${anchor}`}>
          <time datetime={update.iso}>{update.time}</time>
        </a>
        {update.pinned || update.keyEvent ? (
          <ul class="badge-list" aria-label="About this update">
            {update.pinned ? <li class="badge badge-accent">Pinned</li> : null}
            {update.keyEvent ? <li class="badge badge-key-event">Key event</li> : null}
          </ul>
        ) : null}
      </header>
      <div class="live-blog-body article-content">{raw(update.bodyHtml)}</div>
      <footer class="live-blog-update-footer">
        <span class="live-blog-author">By {update.author}</span>
        <button
          type="button"
          class="button button-small button-secondary live-blog-share"
          {...{ [LIVE_BLOG.share]: String(update.id) }}
          aria-label={`Share the update from ${update.time}`}
        >
          Share
        </button>
      </footer>
    </article>
  );
}

/** A feed item: the list element around an update. */
export function FeedItem({ update, storyPath }: { update: UpdateMarkupView; storyPath: string }) {
  return (
    <li>
      <UpdateArticle update={update} storyPath={storyPath} />
    </li>
  );
}

/** One entry of the key events list: a link to the update (on this page, or the older page that holds it). */
export function KeyEventItem({ update, href }: { update: UpdateMarkupView; href: string }) {
  return (
    <li>
      <a href={href}>
        <time datetime={update.iso}>{update.time}</time> <span>{update.headline}</span>
      </a>
    </li>
  );
}

/** The LIVE badge while a live blog's coverage is live: on the coverage line, and over its story card's picture. */
export function LiveBadge() {
  return (
    <span class="badge badge-live">
      <span class="live-dot" aria-hidden="true"></span>LIVE
    </span>
  );
}

/** The coverage line above the feed. */
export function CoverageStatus({ coverage }: { coverage: 'live' | 'ended' }) {
  return coverage === 'live' ? (
    <>
      <LiveBadge /> <span>Updates appear here as they are posted.</span>
    </>
  ) : (
    <>
      <span class="badge badge-ended">Coverage ended</span> <span>This live blog is no longer being updated.</span>
    </>
  );
}

/** A key event: the update, and where its link goes (on this page, or the older page that holds it). */
export interface KeyEventView {
  update: UpdateMarkupView;
  href: string;
}

/** The whole live blog part of a story page. */
export interface LiveBlogSectionView {
  storyId: number;
  path: string;
  coverage: 'live' | 'ended';
  cursor: string;
  updates: UpdateMarkupView[];
  pinned: UpdateMarkupView | null;
  keyEvents: KeyEventView[];
  /** "Older updates": the page of older updates (it works without JavaScript), or null when there are none. */
  olderHref: string | null;
  /** On a page of older updates: back to the latest. */
  latestHref: string | null;
  /** Whether anyone may read it (its island follows the public stream), or only staff (the staff preview). */
  published: boolean;
}

/** Key events linked to their update: on this page (`onPage`, the updates it shows), or the older page that holds it. */
export function keyEventLinks(
  keyEvents: readonly UpdateMarkupView[],
  onPage: readonly UpdateMarkupView[],
  storyPath: string,
): KeyEventView[] {
  const shown = new Set(onPage.map((update) => update.id));
  return keyEvents.map((update) => ({
    update,
    href: shown.has(update.id) ? `#${updateId(update.id)}` : `${storyPath}?before=${update.id + 1}#${updateId(update.id)}`,
  }));
}

/** The page of the updates older than `beforeId` (it works without JavaScript). */
export const olderPageHref = (storyPath: string, beforeId: number) => `${storyPath}?before=${beforeId}#${LIVE_BLOG_ID}`;

/** The "Older updates" link of a page showing `updates` (newest first), when older ones exist. */
export function olderHref(updates: readonly UpdateMarkupView[], more: boolean, storyPath: string): string | null {
  const oldest = updates.at(-1);
  return more && oldest ? olderPageHref(storyPath, oldest.id) : null;
}

export function KeyEventsList({ keyEvents }: { keyEvents: readonly KeyEventView[] }) {
  return (
    <>
      {keyEvents.map((item) => (
        <KeyEventItem update={item.update} href={item.href} />
      ))}
    </>
  );
}

export function PinnedBlock({ pinned, storyPath }: { pinned: UpdateMarkupView | null; storyPath: string }) {
  return pinned ? (
    <>
      <h3 class="live-blog-pinned-heading">Pinned</h3>
      <UpdateArticle update={pinned} storyPath={storyPath} pinnedCopy />
    </>
  ) : null;
}

export function OlderLink({ href }: { href: string }) {
  return (
    <a class="button button-secondary live-blog-older" href={href} {...marked(LIVE_BLOG.older)}>
      Older updates
    </a>
  );
}

export function LiveBlogSection({ view }: { view: LiveBlogSectionView }) {
  const parts = {
    [LIVE_BLOG.root]: String(view.storyId),
    [LIVE_BLOG.coverage]: view.coverage,
    [LIVE_BLOG.cursor]: view.cursor,
    [LIVE_BLOG.path]: view.path,
  };
  return (
    <section
      class="live-blog"
      id={LIVE_BLOG_ID}
      aria-labelledby="live-blog-heading"
      {...island<LiveBlogProps>(ISLANDS.liveBlog, view.published ? undefined : { published: false })}
      {...parts}
    >
      <div class="live-blog-status" {...marked(LIVE_BLOG.status)}>
        <CoverageStatus coverage={view.coverage} />
      </div>
      <nav class="live-blog-key-events" aria-labelledby="key-events-heading" hidden={view.keyEvents.length === 0}>
        <h2 id="key-events-heading">Key events</h2>
        <ol {...marked(LIVE_BLOG.keyEvents)}>
          <KeyEventsList keyEvents={view.keyEvents} />
        </ol>
      </nav>
      <div class="live-blog-pinned" {...marked(LIVE_BLOG.pinned)}>
        <PinnedBlock pinned={view.pinned} storyPath={view.path} />
      </div>
      <h2 id="live-blog-heading" class="live-blog-heading">
        Live updates
      </h2>
      <p class="visually-hidden" role="status" aria-live="polite" {...marked(LIVE_BLOG.announce)}></p>
      <div class="live-blog-new-bar">
        <button type="button" class="button button-primary live-blog-new" {...marked(LIVE_BLOG.newUpdates)} hidden></button>
      </div>
      {view.latestHref ? (
        <p class="live-blog-paging">
          <a href={view.latestHref}>Back to the latest updates</a>
        </p>
      ) : null}
      <ol class="live-blog-feed" {...marked(LIVE_BLOG.feed)}>
        {view.updates.map((update) => (
          <FeedItem update={update} storyPath={view.path} />
        ))}
      </ol>
      {view.updates.length === 0 ? (
        <p class="live-blog-empty" {...marked(LIVE_BLOG.empty)}>
          No updates yet.
        </p>
      ) : null}
      {view.olderHref ? <OlderLink href={view.olderHref} /> : null}
    </section>
  );
}
