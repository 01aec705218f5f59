import type { AuditRecord } from '../../domain/audit/audit.ts';
import type { AuditLog, AuditQuery } from '../../domain/audit/ports.ts';

/** GET /api/audit (admins): the audit log, newest first (docs/product/api-sign-in-security.md#audit-log). Nothing edits or deletes it. */
export async function readAuditLog(deps: { audit: Pick<AuditLog, 'list'> }, query: AuditQuery): Promise<AuditRecord[]> {
  return deps.audit.list(query);
}
