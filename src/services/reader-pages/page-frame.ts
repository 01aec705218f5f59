import type { Beat } from '../../domain/beats/entities.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import { readSocialSettings, SOCIAL_SETTINGS_KEY } from '../../domain/site/social.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { Clock } from '../../domain/time.ts';

/** What every reader page's frame shows: the beats (the footer's News links) at the clock's time (the copyright year). */
export interface FrameRead {
  beats: Beat[];
  now: string;
}

export interface FrameDeps {
  beats: BeatRepository;
  clock: Clock;
}

/** The frame of a page that shows nothing else the server knows (the account pages, /about, a not-found screen). */
export async function frameRead(deps: FrameDeps): Promise<FrameRead> {
  return { beats: await deps.beats.list(), now: deps.clock.now() };
}

/** The site's handle on X, for twitter:site (the `social` setting; none when unset or unreadable). */
export async function siteHandle(settings: SettingsRepository): Promise<string | null> {
  return readSocialSettings(await settings.get(SOCIAL_SETTINGS_KEY)).xHandle;
}
