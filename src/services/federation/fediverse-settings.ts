import type { AuditEntry } from '../../domain/audit/audit.ts';
import {
  FEDIVERSE_SETTINGS_KEY,
  readFediverseSettings,
  type FediverseSettings,
  type FediverseSettingsInput,
} from '../../domain/federation/accounts.ts';
import { ConflictError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';

interface SettingsDeps {
  settings: SettingsRepository;
  clock: Clock;
  /** SITE_ORIGIN (domain/site/site-origin.ts). */
  siteOrigin: string | null;
}

/**
 * The fediverse setting, with the origin the fediverse knows the site by, of which every actor's and
 * story's id is made: SITE_ORIGIN (decision 106). Without it, the origin pinned before (a server from
 * before SITE_ORIGIN, or an admin's save of the handle: a signed-in admin's request); never the Host
 * of an anonymous request, which anyone can choose on a server Cloudflare does not front. Null: the
 * fediverse is not set up, and its addresses answer 404.
 */
export async function fediverseSettings(deps: Omit<SettingsDeps, 'clock'>): Promise<FediverseSettings> {
  const stored = readFediverseSettings(await deps.settings.get(FEDIVERSE_SETTINGS_KEY));
  return deps.siteOrigin ? { ...stored, origin: deps.siteOrigin } : stored;
}

/**
 * PUT /api/settings/fediverse (admins): the newsroom's handle. A handle that is a staff member's
 * username is refused: @name@host would then name two accounts.
 */
export async function updateFediverseSettings(
  deps: SettingsDeps & { users: UserRepository },
  input: FediverseSettingsInput,
  adminId: number,
  requestOrigin: string,
): Promise<FediverseSettings> {
  const stored = readFediverseSettings(await deps.settings.get(FEDIVERSE_SETTINGS_KEY));
  if (input.handle !== stored.handle && (await deps.users.findByUsername(input.handle))) {
    throw new ConflictError('handle_taken', 'That handle is a staff member’s username', {
      handle: 'That handle is a staff member’s username',
    });
  }
  // Without SITE_ORIGIN, an admin's save pins the origin they reach the site by, if nothing did.
  const next = { handle: input.handle, origin: stored.origin ?? (deps.siteOrigin ? null : requestOrigin) };
  const audit: AuditEntry[] = [
    {
      action: 'settings.fediverse_changed',
      actorId: adminId,
      target: { type: 'settings', id: null, label: 'fediverse' },
      detail: { handle: input.handle },
    },
  ];
  await deps.settings.put(FEDIVERSE_SETTINGS_KEY, next, adminId, deps.clock.now(), audit);
  return { ...next, origin: deps.siteOrigin ?? next.origin };
}
