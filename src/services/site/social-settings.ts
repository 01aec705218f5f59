import type { SettingsRepository } from '../../domain/site/ports.ts';
import { readSocialSettings, SOCIAL_SETTINGS_KEY, type SocialSettings } from '../../domain/site/social.ts';
import type { Clock } from '../../domain/time.ts';
import type { User } from '../../domain/users/entities.ts';

/** The site's social handles (docs/product/api-pictures.md, "Link previews"): anyone reads them, an admin sets them. */
export interface SocialSettingsDeps {
  settings: SettingsRepository;
  clock: Clock;
}

export async function socialSettings(deps: Pick<SocialSettingsDeps, 'settings'>): Promise<SocialSettings> {
  return readSocialSettings(await deps.settings.get(SOCIAL_SETTINGS_KEY));
}

export async function saveSocialSettings(deps: SocialSettingsDeps, admin: User, value: SocialSettings): Promise<SocialSettings> {
  await deps.settings.put(SOCIAL_SETTINGS_KEY, value, admin.id, deps.clock.now());
  return value;
}
