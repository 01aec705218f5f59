import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditTargetType } from '../../domain/audit/audit.ts';
import type { Db } from './db.ts';
import { auditLog } from './security-schema.ts';

/**
 * The statements that write audit entries, for a repository to append to the batch that makes the
 * change they record (D1's batch is one transaction: the change and its entry happen together or
 * not at all). A write that may match nothing is followed by its entry with `onlyIf` set to
 * `ifChanged`: SQLite's changes() then tells whether the statement just before wrote anything,
 * so no entry tells of a change that did not happen. Several entries can follow one write: each
 * writes one row, so the next one's changes() still says yes.
 *
 *   await db.batch([db.update(...).where(...), auditEntry(db, entry, now, ifChanged)]);
 */
export function auditEntry(db: Db, entry: AuditEntry, at: string, onlyIf: SQL = sql`1`) {
  const { target } = entry;
  // Values in the order of security-schema.ts's auditLog columns, which drizzle names in the INSERT.
  return db
    .insert(auditLog)
    .select(
      sql`SELECT NULL, ${at}, ${entry.actorId}, ${entry.action}, ${target?.type ?? null}, ${target?.id ?? null}, ${target?.label ?? null}, ${detailJson(entry)} WHERE ${onlyIf}`,
    );
}

/** The statement just before in the batch changed at least one row. */
export const ifChanged = sql`changes() > 0`;

/**
 * Entries whose target comes from rows the batch reads as it runs: one entry per row of `from`
 * (a FROM clause with its WHERE), naming the target by the `id` and `label` expressions. For
 * targets whose id the batch makes (a new story, a new stream) or that are many (the stories the
 * minute job publishes).
 */
export function auditEntriesFrom(
  db: Db,
  entry: Omit<AuditEntry, 'target'>,
  at: string,
  target: { type: AuditTargetType; id: SQL; label: SQL; from: SQL },
) {
  return db
    .insert(auditLog)
    .select(
      sql`SELECT NULL, ${at}, ${entry.actorId}, ${entry.action}, ${target.type}, ${target.id}, ${target.label}, ${detailJson(entry)} FROM ${target.from}`,
    );
}

/** The entries for one story row picked by `which` (e.g. `ifWritten(id)`), named by its title as the batch leaves it. */
export function auditStoryEntries(db: Db, entries: readonly Omit<AuditEntry, 'target'>[], at: string, which: SQL) {
  return entries.map((entry) =>
    auditEntriesFrom(db, entry, at, { type: 'story', id: sql`id`, label: sql`title`, from: sql`stories WHERE ${which}` }),
  );
}

function detailJson(entry: Pick<AuditEntry, 'detail'>): string {
  return JSON.stringify(entry.detail ?? {});
}
