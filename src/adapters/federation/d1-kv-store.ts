import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../d1/db.ts';
import { fediverseKv } from '../d1/federation-schema.ts';

/**
 * Fedify's key-value store (remote keys it has fetched, inbox activities it has seen) in our own D1
 * table: the Workers package's store needs a KV namespace, and this keeps everything in one database.
 * Keys are their parts as JSON; an expired entry reads as absent and the minute job deletes it.
 */
export class D1KvStore implements KvStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private live() {
    return or(isNull(fediverseKv.expiresAt), gt(fediverseKv.expiresAt, this.now()));
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db
      .select({ value: fediverseKv.value })
      .from(fediverseKv)
      .where(and(eq(fediverseKv.key, encode(key)), this.live()))
      .get();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const expiresAt = options?.ttl ? this.now() + options.ttl.total('millisecond') : null;
    const row = { key: encode(key), value: JSON.stringify(value ?? null), expiresAt };
    await this.db
      .insert(fediverseKv)
      .values(row)
      .onConflictDoUpdate({ target: fediverseKv.key, set: { value: row.value, expiresAt } });
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.delete(fediverseKv).where(eq(fediverseKv.key, encode(key)));
  }

  /** Compare-and-swap in one statement: only a row still holding `expected` (or none, for undefined) is written. */
  async cas(key: KvKey, expected: unknown, next: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const expiresAt = options?.ttl ? this.now() + options.ttl.total('millisecond') : null;
    const encoded = encode(key);
    const value = JSON.stringify(next ?? null);
    if (expected === undefined) {
      // Absent, or present but expired: either may be taken.
      const taken = await this.db
        .insert(fediverseKv)
        .values({ key: encoded, value, expiresAt })
        .onConflictDoUpdate({
          target: fediverseKv.key,
          set: { value, expiresAt },
          setWhere: and(sql`${fediverseKv.expiresAt} IS NOT NULL`, lt(fediverseKv.expiresAt, this.now())),
        })
        .returning({ key: fediverseKv.key });
      return taken.length > 0;
    }
    const updated = await this.db
      .update(fediverseKv)
      .set({ value, expiresAt })
      .where(and(eq(fediverseKv.key, encoded), eq(fediverseKv.value, JSON.stringify(expected)), this.live()))
      .returning({ key: fediverseKv.key });
    return updated.length > 0;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const exact = prefix && prefix.length > 0 ? encode(prefix) : null;
    // '["a","b"' starts the encoding of every key under ["a","b"].
    const start = exact === null ? '[' : `${exact.slice(0, -1)},`;
    const rows = await this.db
      .select({ key: fediverseKv.key, value: fediverseKv.value })
      .from(fediverseKv)
      .where(
        and(
          or(sql`substr(${fediverseKv.key}, 1, ${start.length}) = ${start}`, exact === null ? undefined : eq(fediverseKv.key, exact)),
          this.live(),
        ),
      )
      .all();
    for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
  }

  /** Deletes entries that expired; how many. */
  async pruneExpired(): Promise<number> {
    const gone = await this.db.delete(fediverseKv).where(lt(fediverseKv.expiresAt, this.now())).returning({ key: fediverseKv.key });
    return gone.length;
  }
}

function encode(key: KvKey): string {
  return JSON.stringify(key);
}
