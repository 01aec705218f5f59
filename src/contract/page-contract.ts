/**
 * The page contract: the names the worker's pages (src/adapters/http/seo: the app shell and the
 * reading view) and the SPA (src/web) must agree on, written once. The worker writes a page whose
 * first reads, reading view and controls the app then takes over (decisions 020 and 022); if one
 * side renamed any of these alone, the app would miss its data or the reader's first click.
 * Both sides import this module; it imports nothing (eslint.config.js).
 */

/** The JSON data block the SPA seeds its query cache from: API URL -> that URL's JSON answer. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/** Marks the reading view's <main>; the SPA's own <main> has no such attribute. */
export const READING_VIEW_ATTRIBUTE = 'data-reading-view';
/** On the reading view's <main>: the page needs the app at once (a live story's player). */
export const NEEDS_APP_ATTRIBUTE = 'data-needs-app';
/** On a story page's reading view: the story's id, so the view is counted before the app runs. */
export const STORY_ID_ATTRIBUTE = 'data-story-id';
/** The element of a story page that shows the view count (the count before the app updates it). */
export const VIEWS_CLASS = 'article-views';

/**
 * Controls the app carries out when the reader's first click lands on the reading view's copy of
 * them (src/web/boot/take-over.ts matches them by this attribute).
 */
export const ACTION_ATTRIBUTE = 'data-action';
export const ACTIONS = {
  share: 'share',
  follow: 'follow',
  watchLive: 'watch-live',
  latestNews: 'latest-news',
} as const;

/** On a live blog's section of a story page: the story's id. The page loads the live blog's island (and only that page does). */
export const LIVE_BLOG_ATTRIBUTE = 'data-live-blog';

/** The target of the hero's "Latest News" link: the latest stories' heading. */
export const LATEST_STORIES_ID = 'latest-stories';

/** The home page's latest stories: how many, and the API URL both the worker and the app read them from. */
export const HOME_LATEST_LIMIT = 6;
export const HOME_LATEST_URL = `/api/stories?status=published&limit=${HOME_LATEST_LIMIT}`;
export const FEATURED_URL = '/api/stories/featured';
/** The viewer's read for /story/{segment} (the slug, or the id of a story without one). */
export const storyReadUrl = (segment: string) => `/api/stories/slug/${encodeURIComponent(segment)}`;
