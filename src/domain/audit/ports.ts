import type { AuditRecord } from './audit.ts';

/** The audit log as the admin screen reads it (docs/product/api-sign-in-security.md). */

export interface AuditQuery {
  limit: number;
  /** Entries older than this id (the last id of the page before). */
  before?: number;
  actorId?: number;
  action?: string;
}

/** Reading the audit log; it is written only by the batches of the changes it records (append-only). */
export interface AuditLog {
  list(query: AuditQuery): Promise<AuditRecord[]>;
}
