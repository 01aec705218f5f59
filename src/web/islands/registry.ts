import { ISLANDS } from '../../contract/page-contract.ts';
import type { IslandDefinition } from './island.ts';

/**
 * Every island a reader's page may hold (decision 045): its name (the worker's `data-island`, from
 * src/contract/page-contract.ts), when it wakes and its module. An island's code is a chunk of its
 * own, loaded only on a page that has the island, when it wakes. To add one: a name in ISLANDS, the
 * marked markup in the worker's reading view, a module exporting `mount`, and a line here.
 */
export const islands: Readonly<Record<string, IslandDefinition>> = {
  [ISLANDS.share]: { wake: 'interaction', load: () => import('../site/stories/share.island.ts') },
  [ISLANDS.youtubePlayer]: { wake: 'interaction', load: () => import('../site/stories/youtube-player.island.ts') },
  [ISLANDS.followMenu]: { wake: 'interaction', load: () => import('../site/frame/follow-menu.island.ts') },
  [ISLANDS.account]: { wake: 'signed-in', load: () => import('../site/frame/account.island.ts') },
  [ISLANDS.watchLive]: { wake: 'interaction', load: () => import('../site/home/watch-live.island.ts') },
  [ISLANDS.latestNews]: { wake: 'interaction', load: () => import('../site/home/latest-news.island.ts') },
  [ISLANDS.storyEdit]: { wake: 'signed-in', load: () => import('../site/story-page/story-edit.island.ts') },
  [ISLANDS.livePlayer]: { wake: 'now', load: () => import('../site/live/live-player.island.tsx') },
  [ISLANDS.liveBlog]: { wake: 'now', load: () => import('../site/live-blog/live-blog.island.ts') },
  [ISLANDS.alerts]: { wake: 'interaction', load: () => import('../site/alerts/alerts.island.ts') },
  [ISLANDS.readerCorner]: { wake: 'reader', load: () => import('../site/readers/reader-corner.island.ts') },
  [ISLANDS.readerAccount]: { wake: 'now', load: () => import('../site/readers/reader-account.island.ts') },
  [ISLANDS.support]: { wake: 'now', load: () => import('../site/members/support.island.ts') },
  [ISLANDS.readerSignIn]: { wake: 'now', load: () => import('../site/readers/reader-sign-in.island.ts') },
  [ISLANDS.fediverseFollow]: { wake: 'interaction', load: () => import('../site/frame/fediverse-follow.island.ts') },
  [ISLANDS.newsletterSubscribe]: { wake: 'interaction', load: () => import('../site/newsletters/newsletter-subscribe.island.ts') },
  [ISLANDS.newsletterConfirm]: { wake: 'now', load: () => import('../site/newsletters/newsletter-confirm.island.ts') },
  [ISLANDS.storyGate]: { wake: 'now', load: () => import('../site/readers/story-gate.island.ts') },
  [ISLANDS.videoCaptions]: { wake: 'now', load: () => import('../site/captions/video-captions.island.ts') },
  [ISLANDS.newslettersPage]: { wake: 'now', load: () => import('../site/newsletters/newsletters-page.island.ts') },
};
