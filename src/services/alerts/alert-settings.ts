import { alertSettingsSchema, isContactAddress, type AlertSettings, type AlertSettingsView } from '../../domain/alerts/schemas.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';

export const ALERT_SETTINGS_KEY = 'alerts';

type Deps = { settings: SettingsRepository; users: Pick<UserRepository, 'list'> };

async function stored(deps: Pick<Deps, 'settings'>): Promise<AlertSettings> {
  const parsed = alertSettingsSchema.safeParse((await deps.settings.get(ALERT_SETTINGS_KEY)) ?? { contactEmail: null });
  return parsed.success ? parsed.data : { contactEmail: null };
}

/**
 * Whom push services may write to about our alerts (RFC 8292's `sub`): the `alerts` setting's
 * address, else the address of the longest-serving active admin; null when neither is an address
 * push services take (Apple refuses localhost).
 */
export async function alertContact(deps: Deps): Promise<string | null> {
  const { contactEmail } = await stored(deps);
  if (contactEmail) return `mailto:${contactEmail}`;
  const admin = (await deps.users.list())
    .filter((user) => user.role === 'admin' && user.isActive && isContactAddress(user.email))
    .sort((a, b) => a.id - b.id)[0];
  return admin ? `mailto:${admin.email}` : null;
}

export async function readAlertSettings(deps: Deps): Promise<AlertSettingsView> {
  return { ...(await stored(deps)), contact: await alertContact(deps) };
}

/** PUT /api/settings/alerts (admin). */
export async function writeAlertSettings(deps: Deps, input: AlertSettings, adminId: number, now: string): Promise<AlertSettingsView> {
  await deps.settings.put(ALERT_SETTINGS_KEY, input, adminId, now);
  return readAlertSettings(deps);
}
