import { alertSettingsSchema, isContactAddress, type AlertSettings } from '../../domain/alerts/schemas.ts';
import type { SettingsRepository, UserRepository } from '../../domain/ports.ts';

export const ALERT_SETTINGS_KEY = 'alerts';

/** GET /api/settings/alerts: the address set, and the one alerts go out with (the set one, or the first admin's). */
export interface AlertSettingsView extends AlertSettings {
  /** The VAPID contact alerts are sent with now (mailto:), or null when there is none push services take. */
  contact: string | null;
}

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
