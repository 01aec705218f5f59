import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import { parseSecurityPolicy, SECURITY_SETTINGS_KEY, type SecurityPolicy } from '../../domain/security/security-policy.ts';

/** The site setting the admin's sign-in policy is kept under (site_settings, migration 0012). */

export async function readSecurityPolicy(deps: { settings: SettingsRepository }): Promise<SecurityPolicy> {
  return parseSecurityPolicy(await deps.settings.get(SECURITY_SETTINGS_KEY));
}

/** Stores the policy, with its audit entry (what it was, what it is), atomically. */
export async function writeSecurityPolicy(
  deps: { settings: SettingsRepository },
  next: SecurityPolicy,
  adminId: number,
  now: string,
): Promise<SecurityPolicy> {
  const before = await readSecurityPolicy(deps);
  const audit: AuditEntry[] = [
    {
      action: 'settings.security_changed',
      actorId: adminId,
      target: { type: 'settings', id: null, label: SECURITY_SETTINGS_KEY },
      detail: { from: before.requireTwoFactor, to: next.requireTwoFactor },
    },
  ];
  await deps.settings.put(SECURITY_SETTINGS_KEY, next, adminId, now, audit);
  return next;
}
