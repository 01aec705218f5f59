import { eq } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import { auditEntry } from './audit-entry.ts';
import type { Db } from './db.ts';
import { siteSettings } from './schema.ts';

export class D1SettingsRepository implements SettingsRepository {
  constructor(private readonly db: Db) {}

  async get(key: string): Promise<unknown> {
    const row = await this.db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).get();
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  async put(key: string, value: unknown, updatedBy: number | null, now: string, audit: readonly AuditEntry[] = []): Promise<void> {
    const json = JSON.stringify(value);
    await this.db.batch([
      this.db
        .insert(siteSettings)
        .values({ key, value: json, updatedAt: now, updatedBy })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: json, updatedAt: now, updatedBy } }),
      ...audit.map((entry) => auditEntry(this.db, entry, now)),
    ]);
  }
}
