import type { ReaderLevel } from '../../domain/members/access.ts';
import { beatFeed, liveBlogFeed, newsSitemapEntries, siteFeed, sitemapEntries } from './feeds.ts';
import { homePage, type HomePageDeps } from './home-page.ts';
import { allStoriesPage, authorPage, beatPage, searchPage } from './list-pages.ts';
import { frameRead } from './page-frame.ts';
import { newslettersPage, supportPage } from './site-pages.ts';
import { storyPage, type StoryPageDeps } from './story-page.ts';
import { unsubscribeFromPage, unsubscribeLinkPage, type UnsubscribePageDeps } from './unsubscribe-page.ts';
import type { StorySearch } from '../../domain/discovery/ports.ts';
import type { TierRepository } from '../../domain/members/revenue-ports.ts';

export type ReaderPagesDeps = HomePageDeps & StoryPageDeps & UnsubscribePageDeps & { search: StorySearch; tiers: TierRepository };

/**
 * The reads behind every reader page and feed (decision 120), bound to their ports once, so a page's
 * route is given these and nothing else: it validates the request, calls one of them, and renders
 * the answer with the page's component.
 */
export function readerPages(deps: ReaderPagesDeps) {
  return {
    /** A page with nothing but its frame: the account pages, /about, the not-found screen. */
    frame: () => frameRead(deps),
    home: (origin: string) => homePage(deps, origin),
    story: (request: { segment: string; before: number | null; level: () => Promise<ReaderLevel> }) => storyPage(deps, request),
    beat: (slug: string, page: number) => beatPage(deps, slug, page),
    author: (request: { username: string; page: number; origin: string }) => authorPage(deps, request),
    search: (query: string, page: number) => searchPage(deps, query, page),
    allStories: (request: { page: number; beat: string | null }) => allStoriesPage(deps, request),
    support: () => supportPage(deps),
    newsletters: () => newslettersPage(deps),
    /** An unsubscribe link's page, and its button's answer (decision 119). */
    unsubscribeLink: (token: string) => unsubscribeLinkPage(deps, token),
    unsubscribe: (token: string) => unsubscribeFromPage(deps, token),
    siteFeed: () => siteFeed(deps),
    beatFeed: (slug: string) => beatFeed(deps, slug),
    liveBlogFeed: (segment: string) => liveBlogFeed(deps, segment),
    sitemap: () => sitemapEntries(deps),
    newsSitemap: () => newsSitemapEntries(deps),
  };
}

export type ReaderPages = ReturnType<typeof readerPages>;
