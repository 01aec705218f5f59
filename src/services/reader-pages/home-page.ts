import { fediverseHandle } from '../../domain/federation/accounts.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { NewsletterRepository } from '../../domain/newsletters/ports.ts';
import { newsroomNewsletter } from '../../domain/newsletters/rules.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { HOME_LATEST_LIMIT } from '../../contract/page-contract.ts';
import { fediverseSettings } from '../federation/fediverse-settings.ts';
import { frameRead, siteHandle, type FrameDeps, type FrameRead } from './page-frame.ts';
import { forEveryReader, listPublished } from './published-stories.ts';

export interface HomePageDeps extends FrameDeps {
  stories: StoryRepository;
  settings: SettingsRepository;
  newsletters: NewsletterRepository;
}

/** Everything / shows (docs/product/screens.md, "Home"). */
export interface HomePageRead extends FrameRead {
  featured: Story | null;
  latest: Story[];
  newsletter: Newsletter | null;
  /** The newsroom's handle in the fediverse (@name@host). */
  fediverseHandle: string;
  /** The site's handle on X (twitter:site), when set. */
  xHandle: string | null;
}

/**
 * The home page: the featured story, the latest published ones, the newsroom's newsletter and its
 * fediverse handle, each story as every reader may have it (the page is one cached copy for all).
 * `origin` is the request's: the handle's host until the fediverse pinned one.
 */
export async function homePage(deps: HomePageDeps, origin: string): Promise<HomePageRead> {
  const [frame, featured, latest, xHandle, fediverse, newsletters] = await Promise.all([
    frameRead(deps),
    deps.stories.findFeatured().then((story) => story && forEveryReader(story)),
    listPublished(deps.stories, { limit: HOME_LATEST_LIMIT, offset: 0 }),
    siteHandle(deps.settings),
    fediverseSettings(deps, null),
    deps.newsletters.list(),
  ]);
  return {
    ...frame,
    featured,
    latest: latest.items,
    newsletter: newsroomNewsletter(newsletters),
    fediverseHandle: fediverseHandle(fediverse.handle, fediverse.origin ?? origin),
    xHandle,
  };
}
