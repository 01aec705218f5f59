import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './db.ts';

/**
 * One atomic D1 batch of statements written as `sql` templates or drizzle builders. drizzle's own
 * `batch` takes builders only (its `db.run(sql)` cannot be batched with parameters), and the
 * statements that move a send's figures need raw SQL (`changes()`, `json_each`, window functions).
 */
const dialect = new SQLiteSyncDialect();

export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

export function prepared(db: Db, statement: Statement): D1PreparedStatement {
  const { sql, params } = 'toSQL' in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
  return db.$client.prepare(sql).bind(...params);
}

/** Runs the statements in one transaction; each result's rows as D1 returns them (column names as written). */
export async function atomically<Row = Record<string, unknown>>(db: Db, statements: readonly Statement[]): Promise<D1Result<Row>[]> {
  return db.$client.batch<Row>(statements.map((statement) => prepared(db, statement)));
}
