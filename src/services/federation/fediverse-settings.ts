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
}

/**
 * The fediverse setting, with the origin the fediverse knows the site by: the first request from the
 * fediverse (or an admin's first save) pins it, and every actor's and story's id is made of it from
 * then on. A site reached by another name keeps the pinned one.
 */
export async function fediverseSettings(deps: SettingsDeps, requestOrigin: string | null): Promise<FediverseSettings> {
  const stored = readFediverseSettings(await deps.settings.get(FEDIVERSE_SETTINGS_KEY));
  if (stored.origin !== null || requestOrigin === null) return stored;
  const pinned = { ...stored, origin: requestOrigin };
  await deps.settings.put(FEDIVERSE_SETTINGS_KEY, pinned, null, deps.clock.now());
  return pinned;
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
  const current = await fediverseSettings(deps, requestOrigin);
  if (input.handle !== current.handle && (await deps.users.findByUsername(input.handle))) {
    throw new ConflictError('handle_taken', 'That handle is a staff member’s username', {
      handle: 'That handle is a staff member’s username',
    });
  }
  const next = { ...current, handle: input.handle };
  const audit: AuditEntry[] = [
    {
      action: 'settings.fediverse_changed',
      actorId: adminId,
      target: { type: 'settings', id: null, label: 'fediverse' },
      detail: { handle: input.handle },
    },
  ];
  await deps.settings.put(FEDIVERSE_SETTINGS_KEY, next, adminId, deps.clock.now(), audit);
  return next;
}
