import { ISLANDS } from '../contract/page-contract.ts';
import type { IslandDefinition } from '../web/islands/island.ts';

/**
 * Every island a reader's page may hold (decision 045): its name (the worker's `data-island`, from
 * src/contract/page-contract.ts), when it wakes and its module. An island's code is a chunk of its
 * own, loaded only on a page that has the island, when it wakes. To add one (decision 120): a name in
 * ISLANDS, the component that declares it (`island(name, props)`, src/reader/island.ts), a module
 * beside it exporting `mount(element, props)`, and a line here.
 */
export const islands: Readonly<Record<string, IslandDefinition>> = {
  [ISLANDS.share]: { wake: 'interaction', load: () => import('./stories/share.island.ts') },
  [ISLANDS.youtubePlayer]: { wake: 'interaction', load: () => import('./stories/youtube-player.island.ts') },
  [ISLANDS.followMenu]: { wake: 'interaction', load: () => import('./frame/follow-menu.island.ts') },
  [ISLANDS.account]: { wake: 'signed-in', load: () => import('./frame/account.island.ts') },
  [ISLANDS.watchLive]: { wake: 'interaction', load: () => import('./home/watch-live.island.ts') },
  [ISLANDS.latestNews]: { wake: 'interaction', load: () => import('./home/latest-news.island.ts') },
  [ISLANDS.storyEdit]: { wake: 'signed-in', load: () => import('./story/story-edit.island.ts') },
  [ISLANDS.livePlayer]: { wake: 'now', load: () => import('./live/live-player.island.tsx') },
  [ISLANDS.liveBlog]: { wake: 'now', load: () => import('./live-blog/live-blog.island.ts') },
  [ISLANDS.alerts]: { wake: 'interaction', load: () => import('./alerts/alerts.island.ts') },
  [ISLANDS.readerCorner]: { wake: 'reader', load: () => import('./frame/reader-corner.island.ts') },
  [ISLANDS.readerAccount]: { wake: 'now', load: () => import('./account/reader-account.island.ts') },
  [ISLANDS.support]: { wake: 'now', load: () => import('./support/support.island.ts') },
  [ISLANDS.readerSignIn]: { wake: 'now', load: () => import('./account/reader-sign-in.island.ts') },
  [ISLANDS.fediverseFollow]: { wake: 'interaction', load: () => import('./fediverse/fediverse-follow.island.ts') },
  [ISLANDS.newsletterSubscribe]: { wake: 'interaction', load: () => import('./newsletters/newsletter-subscribe.island.ts') },
  [ISLANDS.newsletterConfirm]: { wake: 'now', load: () => import('./newsletters/newsletter-confirm.island.ts') },
  [ISLANDS.storyGate]: { wake: 'now', load: () => import('./story/story-gate.island.ts') },
  [ISLANDS.videoCaptions]: { wake: 'now', load: () => import('./captions/video-captions.island.ts') },
  [ISLANDS.newslettersPage]: { wake: 'now', load: () => import('./newsletters/newsletters-page.island.ts') },
};
