import { fediverseHandle } from '../../domain/federation/accounts.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { NewsletterRepository } from '../../domain/newsletters/ports.ts';
import { newsroomNewsletter } from '../../domain/newsletters/rules.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { HOME_LATEST_LIMIT } from '../../contract/page-contract.ts';
import type { CaptionTrack } from '../../domain/captions/entities.ts';
import type { CaptionTrackRepository } from '../../domain/captions/ports.ts';
import { readableTracks } from '../captions/caption-tracks.ts';
import { fediverseSettings } from '../federation/fediverse-settings.ts';
import { frameRead, siteHandle, type FrameDeps, type FrameRead } from './page-frame.ts';
import { forEveryReader, listPublished } from './published-stories.ts';

export interface HomePageDeps extends FrameDeps {
  stories: StoryRepository;
  settings: SettingsRepository;
  newsletters: NewsletterRepository;
  captions: CaptionTrackRepository;
  /** SITE_ORIGIN: the fediverse's host for the site, when configured (domain/site/site-origin.ts). */
  siteOrigin: string | null;
}

/** Everything / shows (docs/product/screens.md, "Home"). */
export interface HomePageRead extends FrameRead {
  featured: Story | null;
  /** The featured story's video's captions, as every reader may have them (the home page is one copy for all). */
  featuredCaptions: CaptionTrack[];
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
 * `origin` is the request's: the handle's host when the site names none (SITE_ORIGIN).
 */
export async function homePage(deps: HomePageDeps, origin: string): Promise<HomePageRead> {
  const [frame, featured, latest, xHandle, fediverse, newsletters] = await Promise.all([
    frameRead(deps),
    deps.stories.findFeatured().then((story) => story && forEveryReader(story)),
    listPublished(deps.stories, { limit: HOME_LATEST_LIMIT, offset: 0 }),
    siteHandle(deps.settings),
    fediverseSettings(deps),
    deps.newsletters.list(),
  ]);
  const featuredCaptions = featured?.videoUrl ? await readableTracks(deps, featured, 'anonymous') : [];
  return {
    ...frame,
    featured,
    featuredCaptions,
    latest: latest.items,
    newsletter: newsroomNewsletter(newsletters),
    fediverseHandle: fediverseHandle(fediverse.handle, fediverse.origin ?? origin),
    xHandle,
  };
}
