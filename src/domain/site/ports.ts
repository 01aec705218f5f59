import type { AuditEntry } from '../audit/audit.ts';

/** Where site-wide settings are kept. */

/**
 * Site-wide settings, one JSON value per key. The owner of a key validates its shape (a setting read
 * back is `unknown` until its schema has parsed it); a missing key means the setting's default.
 */
export interface SettingsRepository {
  get(key: string): Promise<unknown>;
  /** `audit` entries are written in the same atomic write. */
  put(key: string, value: unknown, updatedBy: number | null, now: string, audit?: readonly AuditEntry[]): Promise<void>;
}
