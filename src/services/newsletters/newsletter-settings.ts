import { NEWSLETTER_SETTINGS_KEY, readNewsletterSettings, type NewsletterSettings } from '../../domain/newsletters/rules.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { User } from '../../domain/users/entities.ts';

/** /api/settings/newsletters (admins): the newsroom's postal address, in every issue's footer. */
export async function newsletterSettings(deps: { settings: SettingsRepository }): Promise<NewsletterSettings> {
  return readNewsletterSettings(await deps.settings.get(NEWSLETTER_SETTINGS_KEY));
}

/** A blank address is none. */
export async function saveNewsletterSettings(
  deps: { settings: SettingsRepository; clock: Clock },
  admin: User,
  input: { postalAddress: string | null },
): Promise<NewsletterSettings> {
  const value = { postalAddress: input.postalAddress || null };
  await deps.settings.put(NEWSLETTER_SETTINGS_KEY, value, admin.id, deps.clock.now());
  return value;
}
