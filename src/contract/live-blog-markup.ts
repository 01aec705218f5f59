import { escapeHtml as esc } from './escape-html.ts';
import { ISLAND_ATTRIBUTE, ISLANDS, LIVE_BLOG_ATTRIBUTE } from './page-contract.ts';

/**
 * A live blog's markup on the reader's page (docs/product/screens.md, "Live blog"), written once:
 * the worker writes the page with it (HTML first: the first updates, the key events and the pinned
 * update read without JavaScript), and the page's island (src/web/site/live-blog/) writes every
 * update that arrives later with the same functions, so both are the same markup by construction.
 * Inputs are plain values (src/domain/live-blog/live-blog.ts's updateView); bodies are sanitised HTML.
 */

/** The attributes the island finds its parts by. */
export const LIVE_BLOG = {
  /** On the section: the story's id. */
  root: LIVE_BLOG_ATTRIBUTE,
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
} as const;

/** The section's id: the target of the "Older updates" link's fragment. */
export const LIVE_BLOG_ID = 'live-blog';

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

export const updateId = (id: number) => `update-${id}`;

/** One update, as it stands in the feed (with its anchor id), or as the pinned copy above the feed. */
export function updateArticle(update: UpdateMarkupView, storyPath: string, options: { pinnedCopy?: boolean } = {}): string {
  const anchor = updateId(update.id);
  const labels = [
    update.pinned ? '<li class="badge badge-accent">Pinned</li>' : '',
    update.keyEvent ? '<li class="badge badge-key-event">Key event</li>' : '',
  ].join('');
  const heading = options.pinnedCopy ? `pinned-${anchor}-time` : `${anchor}-time`;
  return `<article class="live-blog-update${update.keyEvent ? ' is-key-event' : ''}${update.pinned ? ' is-pinned' : ''}"${options.pinnedCopy ? '' : ` id="${anchor}"`} aria-labelledby="${heading}">
<header class="live-blog-update-header"><a class="live-blog-time" id="${heading}" href="${esc(`${storyPath}#${anchor}`)}"><time datetime="${esc(update.iso)}">${esc(update.time)}</time></a>${labels ? `<ul class="badge-list" aria-label="About this update">${labels}</ul>` : ''}</header>
<div class="live-blog-body article-content">${update.bodyHtml}</div>
<footer class="live-blog-update-footer"><span class="live-blog-author">By ${esc(update.author)}</span><button type="button" class="button button-small button-secondary live-blog-share" ${LIVE_BLOG.share}="${update.id}" aria-label="${esc(`Share the update from ${update.time}`)}">Share</button></footer>
</article>`;
}

/** A feed item: the list element around an update. */
export function feedItem(update: UpdateMarkupView, storyPath: string): string {
  return `<li>${updateArticle(update, storyPath)}</li>`;
}

/** One entry of the key events list: a link to the update (on this page, or the older page that holds it). */
export function keyEventItem(update: UpdateMarkupView, href: string): string {
  return `<li><a href="${esc(href)}"><time datetime="${esc(update.iso)}">${esc(update.time)}</time> <span>${esc(update.headline)}</span></a></li>`;
}

/** The LIVE badge while a live blog's coverage is live (the app's LiveBadge writes the same): on the coverage line, and over its story card's picture. */
export const LIVE_BADGE = '<span class="badge badge-live"><span class="live-dot" aria-hidden="true"></span>LIVE</span>';

/** The coverage line above the feed. */
export function coverageStatus(coverage: 'live' | 'ended'): string {
  return coverage === 'live'
    ? `${LIVE_BADGE} <span>Updates appear here as they are posted.</span>`
    : '<span class="badge badge-ended">Coverage ended</span> <span>This live blog is no longer being updated.</span>';
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
  /** More attributes for the section (an island's name and props), starting with a space. */
  attributes?: string;
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

export function keyEventsList(keyEvents: readonly KeyEventView[]): string {
  return keyEvents.map((item) => keyEventItem(item.update, item.href)).join('');
}

export function pinnedBlock(pinned: UpdateMarkupView | null, storyPath: string): string {
  return pinned ? `<h3 class="live-blog-pinned-heading">Pinned</h3>${updateArticle(pinned, storyPath, { pinnedCopy: true })}` : '';
}

export function olderLink(href: string): string {
  return `<a class="button button-secondary live-blog-older" href="${esc(href)}" ${LIVE_BLOG.older}>Older updates</a>`;
}

export function liveBlogSection(view: LiveBlogSectionView): string {
  return `<section class="live-blog" id="${LIVE_BLOG_ID}" aria-labelledby="live-blog-heading" ${ISLAND_ATTRIBUTE}="${ISLANDS.liveBlog}" ${LIVE_BLOG.root}="${view.storyId}" ${LIVE_BLOG.coverage}="${view.coverage}" ${LIVE_BLOG.cursor}="${esc(view.cursor)}" ${LIVE_BLOG.path}="${esc(view.path)}"${view.attributes ?? ''}>
<div class="live-blog-status" ${LIVE_BLOG.status}>${coverageStatus(view.coverage)}</div>
<nav class="live-blog-key-events" aria-labelledby="key-events-heading"${view.keyEvents.length === 0 ? ' hidden' : ''}><h2 id="key-events-heading">Key events</h2><ol ${LIVE_BLOG.keyEvents}>${keyEventsList(view.keyEvents)}</ol></nav>
<div class="live-blog-pinned" ${LIVE_BLOG.pinned}>${pinnedBlock(view.pinned, view.path)}</div>
<h2 id="live-blog-heading" class="live-blog-heading">Live updates</h2>
<p class="visually-hidden" role="status" aria-live="polite" ${LIVE_BLOG.announce}></p>
<div class="live-blog-new-bar"><button type="button" class="button button-primary live-blog-new" ${LIVE_BLOG.newUpdates} hidden></button></div>
${view.latestHref ? `<p class="live-blog-paging"><a href="${esc(view.latestHref)}">Back to the latest updates</a></p>` : ''}
<ol class="live-blog-feed" ${LIVE_BLOG.feed}>${view.updates.map((update) => feedItem(update, view.path)).join('\n')}</ol>
${view.updates.length === 0 ? '<p class="live-blog-empty">No updates yet.</p>' : ''}${view.olderHref ? olderLink(view.olderHref) : ''}
</section>`;
}
