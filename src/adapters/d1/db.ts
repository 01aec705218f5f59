import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema.ts';

export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

export function openDb(d1: D1Database): Db {
  return drizzle(d1, { schema });
}

/** D1 reports constraint violations only in the message text. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const message = errorMessage(error);
  if (!message.includes('UNIQUE constraint failed')) return false;
  return column === undefined || message.includes(column);
}

/**
 * D1 refused a row for what it holds (a CHECK, NOT NULL or FOREIGN KEY constraint, a value of the wrong type or too big),
 * not because it could not be reached: sending the same row again will fail again.
 */
export function isRefusedRow(error: unknown): boolean {
  return /constraint failed|SQLITE_CONSTRAINT|datatype mismatch|SQLITE_MISMATCH|too big|SQLITE_TOOBIG/i.test(errorMessage(error));
}

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
