/**
 * The page contract: the names the reader's pages (src/reader: the components the worker renders
 * and the islands beside them) and the browser code (src/web) must agree on, written once. The worker writes whole
 * pages whose first reads, reading view and islands the browser then uses (decisions 020, 024 and
 * 045); if one side renamed any of these alone, an island would never wake or the app would miss its
 * data. Both sides import this module; it imports nothing (eslint.config.js).
 */

/** The JSON data block the SPA and the islands seed their query cache from: API URL -> that URL's JSON answer. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/** Marks the reading view's <main>: the page is the worker's and stays so; only its islands come alive. */
export const READING_VIEW_ATTRIBUTE = 'data-reading-view';
/**
 * On a reading view the signed-in may see differently (a story page that answered 404 to the public:
 * its author may be previewing a draft): with a token in this browser the app starts at once and asks
 * the API as that user.
 */
export const APP_WHEN_SIGNED_IN_ATTRIBUTE = 'data-app-when-signed-in';
/** On a story page's reading view: the story's id, so the view is counted. */
export const STORY_ID_ATTRIBUTE = 'data-story-id';
/** Marks the element of a story page that shows the view count (the count before the page updates it). */
export const VIEWS_ATTRIBUTE = 'data-story-views';

/**
 * Islands (decision 045): the parts of a reader's page that act. The worker marks each with
 * `data-island="<name>"` and, where the island needs more than its own markup, `data-island-props`
 * (JSON). src/web/islands/registry.ts says when each wakes and which module brings it to life.
 */
export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
export const ISLANDS = {
  /** A share button; props: the story's id, slug, title and description. */
  share: 'share',
  /** The header's Follow menu (button and its panel). */
  followMenu: 'follow-menu',
  /** The header's account corner and tabs, for a signed-in reader. */
  account: 'account',
  /** A YouTube video's facade (the story's picture and a play button); props: the player's `src` and `title`, loaded on the tap. */
  youtubePlayer: 'youtube-player',
  /** The hero's Watch Live button. */
  watchLive: 'watch-live',
  /** The hero's Latest News link. */
  latestNews: 'latest-news',
  /** A story page's button row, where its author or an admin gets Edit; props: the story's id and author's id. */
  storyEdit: 'story-edit',
  /** A live story's video slot; props: the story's read URL in the initial data. */
  livePlayer: 'live-player',
  /** A live blog's feed (its section, `data-live-blog`): updates arrive, older ones load (src/reader/live-blog/). */
  liveBlog: 'live-blog',
  /** An Alerts button and its (empty) panel: in the header, and on a beat's page (props: the beat's slug). */
  alerts: 'alerts',
  /** The header's reader corner ("Sign in", or the signed-in reader's name), for a browser with a reader signed in. */
  readerCorner: 'reader-corner',
  /** /support: plan buttons that go to Checkout (sign-in first), and the gift form. */
  support: 'support',
  /** The account page's section: the sign-in form, or the signed-in reader's account. */
  readerAccount: 'reader-account',
  /** The page a sign-in link opens: it signs the reader in with the link's token. */
  readerSignIn: 'reader-sign-in',
  /** "Follow on the fediverse" with a handle to copy; props: the handle (@name@host). */
  fediverseFollow: 'fediverse-follow',
  /** A newsletter's subscribe form (home, the end of a story, a beat's page, /newsletters); props: the newsletter's slug. */
  newsletterSubscribe: 'newsletter-subscribe',
  /** The page a confirmation link opens: it confirms the subscription with the link's token. */
  newsletterConfirm: 'newsletter-confirm',
  /** /newsletters' list: a subscription sent before the form's island woke arrives as ?subscribe=&email=, and is sent from here. */
  newslettersPage: 'newsletters-page',
  /** The panel in place of a gated story's rest, for a reader without access: its sign-in form (decision 090). */
  storyGate: 'story-gate',
  /** A recorded video with caption tracks, its CC button and its transcript (decision 129). */
  videoCaptions: 'video-captions',
} as const;
export type IslandName = (typeof ISLANDS)[keyof typeof ISLANDS];

/** On a transcript's paragraph: where in the video it is said (seconds); a click plays the video from there. */
export const TRANSCRIPT_START_ATTRIBUTE = 'data-start';

/**
 * The class of a gated story page's part past the opening (the rest, or the panel in its place):
 * the page's JSON-LD names it as the part that is not free (decision 090).
 */
export const LOCKED_PART_CLASS = 'article-locked';

/** The Alerts panels' ids: the header's, and a beat page's own. */
export const ALERTS_PANEL_IDS = { header: 'alerts-panel', beat: 'alerts-panel-beat' } as const;

/** The header's Follow menu's ids: there is one Follow menu on a page. */
export const FOLLOW_MENU_IDS = { panel: 'follow-menu', videoHeading: 'follow-menu-video' } as const;

/** The target of the hero's "Latest News" link: the latest stories' heading. */
export const LATEST_STORIES_ID = 'latest-stories';

/** The home page's latest stories: how many, and the API URL both the worker and the app read them from. */
export const HOME_LATEST_LIMIT = 6;
export const HOME_LATEST_URL = `/api/stories?status=published&limit=${HOME_LATEST_LIMIT}`;
export const FEATURED_URL = '/api/stories/featured';
/** The viewer's read for /story/{segment} (the slug, or the id of a story without one). */
export const storyReadUrl = (segment: string) => `/api/stories/slug/${encodeURIComponent(segment)}`;

/**
 * Reader accounts' pages (the worker's, with islands): the account page, and the page a sign-in
 * link opens (`#token=...&next=...`, read by its island: the fragment never reaches a server).
 */
export const READER_PATHS = { account: '/account', signIn: '/account/signin' } as const;
/** Members' pages (decision 094): the tiers and the gift form. */
export const MEMBER_PATHS = { support: '/support' } as const;
/**
 * Set beside the HttpOnly `reader_session` cookie and cleared with it: not a secret, only a sign
 * for the pages' islands (which cannot read the session cookie) that this browser has a reader
 * signed in, so the same cached page greets them without asking the server on every visit.
 */
export const READER_SIGNED_IN_COOKIE = 'reader_signed_in';

/**
 * Newsletters' pages: every newsletter with its form, where a confirmation link lands (`#token=`),
 * and where an unsubscribe link lands (`?token=`, signed; the page asks, then unsubscribes).
 */
export const NEWSLETTER_PATHS = { list: '/newsletters', confirm: '/newsletters/confirm', unsubscribe: '/newsletters/unsubscribe' } as const;
