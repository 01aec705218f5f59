import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditDetail, AuditEntry, AuditRecord, AuditTargetType } from '../../domain/audit/audit.ts';
import { auditEntry } from './audit-entry.ts';
import type { AuditLog, AuditQuery } from '../../domain/audit/ports.ts';
import type { Db } from './db.ts';
import { users } from './schema.ts';
import { auditLog } from './security-schema.ts';

/** Reads the audit log, newest first; entries are written by the batches of the changes they record (audit-entry.ts). */
export class D1AuditLog implements AuditLog {
  constructor(private readonly db: Db) {}

  /** Entries that record no change of their own (a passkey that failed to sign in). */
  async append(entries: readonly AuditEntry[], at: string): Promise<void> {
    const [first, ...rest] = entries.map((entry) => auditEntry(this.db, entry, at));
    if (first) await this.db.batch([first, ...rest]);
  }

  async list(query: AuditQuery): Promise<AuditRecord[]> {
    const rows = await this.db
      .select({ entry: auditLog, actorUsername: users.username })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(
        and(
          query.before === undefined ? undefined : lt(auditLog.id, query.before),
          query.actorId === undefined ? undefined : eq(auditLog.actorId, query.actorId),
          query.action === undefined ? undefined : eq(auditLog.action, query.action),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(query.limit);
    return rows.map(({ entry, actorUsername }) => ({
      id: entry.id,
      at: entry.at,
      actor: entry.actorId !== null && actorUsername !== null ? { id: entry.actorId, username: actorUsername } : null,
      action: entry.action,
      target:
        entry.targetType === null ? null : { type: entry.targetType as AuditTargetType, id: entry.targetId, label: entry.targetLabel },
      detail: JSON.parse(entry.detail) as AuditDetail,
    }));
  }
}
