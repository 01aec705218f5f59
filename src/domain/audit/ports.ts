import type { AuditEntry, AuditRecord } from './audit.ts';

/** The audit log as the admin screen reads it (docs/product/api-sign-in-security.md). */

export interface AuditQuery {
  limit: number;
  /** Entries older than this id (the last id of the page before). */
  before?: number;
  actorId?: number;
  action?: string;
}

/**
 * The audit log: written by the batches of the changes it records (append-only), and on its own
 * only for events that change nothing else (a passkey that failed to sign in).
 */
export interface AuditLog {
  list(query: AuditQuery): Promise<AuditRecord[]>;
  append(entries: readonly AuditEntry[], at: string): Promise<void>;
}
