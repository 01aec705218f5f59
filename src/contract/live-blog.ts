/**
 * A live blog's names on its story page (decision 055): what the page's section carries and the
 * island finds, and the anchors of its updates. Apart from page-contract.ts so that the entry every
 * reader page loads carries none of it. It imports nothing.
 */

/** The attributes a live blog's island (src/reader/live-blog/) finds its parts by, on the section the page writes. */
export const LIVE_BLOG = {
  /** On the section: the story's id (the section is the `live-blog` island). */
  root: 'data-live-blog',
  /** On the section: `live` or `ended`. */
  coverage: 'data-coverage',
  /** On the section: the feed's cursor the page was written at (the island listens from there). */
  cursor: 'data-cursor',
  /** On the section: the story's path, for update links. */
  path: 'data-path',
  feed: 'data-live-blog-feed',
  pinned: 'data-live-blog-pinned',
  keyEvents: 'data-live-blog-key-events',
  status: 'data-live-blog-status',
  announce: 'data-live-blog-announce',
  newUpdates: 'data-live-blog-new',
  older: 'data-live-blog-older',
  share: 'data-live-blog-share',
  /** The line that says there are no updates yet. */
  empty: 'data-live-blog-empty',
} as const;

/** A live blog's section's id: the target of the "Older updates" link's fragment. */
export const LIVE_BLOG_ID = 'live-blog';

/** An update's anchor on its live blog's page (also the fediverse's and the feed's links to it). */
export const updateId = (id: number) => `update-${id}`;
