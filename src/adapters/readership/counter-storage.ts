import type { CountedView } from '../../domain/readership/readership.ts';
import type { ViewCounterStats } from '../../domain/readership/readership.ts';
import type { FlushRow, SetAsideRow } from '../d1/d1-view-flushes.ts';

/** A counter's own share of ViewCounterStats. */
export type CounterStats = Omit<ViewCounterStats, 'shards'>;

/**
 * A view counter's durable state, in its Durable Object's own SQLite (decision 060):
 *  - `totals`: each story it has counted, with its exact view total and how much of it the
 *    stories table holds (`flushed`); a story whose two differ has views not yet in D1;
 *  - `counted`: views per story, hour and breakdown not yet in D1, in batch 0 while they gather
 *    and batch 1 while a flush carries them (`meta.flush` names that flush);
 *  - `set_aside`: the latest breakdown rows D1 refused (decision 070), kept to be looked at.
 * Writes are synchronous; the runtime commits one call's writes together before its answer leaves
 * the object, so a view answered as counted is stored.
 */

const PENDING = 0;
const IN_FLIGHT = 1;
/** Set-aside rows kept to be looked at; older ones are only counted (stats' rowsSetAside). */
const KEEP_SET_ASIDE = 100;

type StoredStats = Omit<CounterStats, 'viewsPending'>;

export interface InFlight {
  id: string;
  rows: FlushRow[];
}

export class CounterStorage {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS totals (story_id INTEGER PRIMARY KEY, views INTEGER NOT NULL, flushed INTEGER NOT NULL)`);
    sql.exec(
      `CREATE TABLE IF NOT EXISTS counted (
        batch INTEGER NOT NULL, story_id INTEGER NOT NULL, hour TEXT NOT NULL, source TEXT NOT NULL,
        referrer_host TEXT NOT NULL, device TEXT NOT NULL, views INTEGER NOT NULL,
        PRIMARY KEY (batch, story_id, hour, source, referrer_host, device)
      ) WITHOUT ROWID`,
    );
    sql.exec(
      `CREATE TABLE IF NOT EXISTS set_aside (
        id INTEGER PRIMARY KEY, flush_id TEXT NOT NULL, set_aside_at TEXT NOT NULL, story_id INTEGER NOT NULL, hour TEXT NOT NULL,
        source TEXT NOT NULL, referrer_host TEXT NOT NULL, device TEXT NOT NULL, views INTEGER NOT NULL, views_kept INTEGER NOT NULL
      )`,
    );
  }

  /** Counts one view; the story's new exact total. `storedViews` seeds the total of a story this counter has never counted. */
  count(view: CountedView, storedViews: number): number {
    const { views } = this.sql
      .exec<{ views: number }>(
        `INSERT INTO totals (story_id, views, flushed) VALUES (?, ?, ?)
         ON CONFLICT (story_id) DO UPDATE SET views = views + 1 RETURNING views`,
        view.storyId,
        storedViews + 1,
        storedViews,
      )
      .one();
    this.sql.exec(
      `INSERT INTO counted (batch, story_id, hour, source, referrer_host, device, views) VALUES (?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (batch, story_id, hour, source, referrer_host, device) DO UPDATE SET views = views + 1`,
      PENDING,
      view.storyId,
      view.hour,
      view.source,
      view.referrerHost ?? '',
      view.device,
    );
    return views;
  }

  totals(storyIds: readonly number[]): Map<number, number> {
    const rows = this.sql.exec<{ story_id: number; views: number }>(
      `SELECT story_id, views FROM totals WHERE story_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(storyIds),
    );
    return new Map([...rows].map((row) => [row.story_id, row.views]));
  }

  unflushed(): Map<number, number> {
    const rows = this.sql.exec<{ story_id: number; views: number }>(`SELECT story_id, views FROM totals WHERE views <> flushed`);
    return new Map([...rows].map((row) => [row.story_id, row.views]));
  }

  hasPending(): boolean {
    return this.sql.exec(`SELECT 1 FROM counted WHERE batch = ? LIMIT 1`, PENDING).toArray().length > 0;
  }

  /** The flush under way (sent, its outcome not yet heard), if any. */
  inFlight(): InFlight | null {
    const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'flush'`).toArray()[0];
    return row ? { id: row.value, rows: this.rows(IN_FLIGHT) } : null;
  }

  /** Makes the gathered views a flush named `id`; null when there are none. */
  startFlush(id: string): InFlight | null {
    if (!this.hasPending()) return null;
    this.sql.exec(`UPDATE counted SET batch = ? WHERE batch = ?`, IN_FLIGHT, PENDING);
    this.sql.exec(`INSERT INTO meta (name, value) VALUES ('flush', ?)`, id);
    return { id, rows: this.rows(IN_FLIGHT) };
  }

  /**
   * The flush is in D1: the stories table now holds its views, but for set-aside rows whose views D1 refused too.
   * `outcome` is what D1 said it wrote and refused (null when it had been applied before).
   */
  finishFlush(outcome: { statements: number; rowsWritten: number; setAside: readonly SetAsideRow[] } | null, at: string): void {
    const setAside = outcome?.setAside ?? [];
    for (const entry of setAside) this.setAside(entry, at);
    const stats = this.stats();
    const views = this.rows(IN_FLIGHT).reduce((sum, row) => sum + row.views, 0);
    const next: StoredStats = {
      flushes: stats.flushes + 1,
      viewsFlushed: stats.viewsFlushed + views,
      d1Statements: stats.d1Statements + (outcome?.statements ?? 0),
      d1RowsWritten: stats.d1RowsWritten + (outcome?.rowsWritten ?? 0),
      rowsSetAside: stats.rowsSetAside + setAside.length,
    };
    this.sql.exec(
      `INSERT INTO meta (name, value) VALUES ('stats', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      JSON.stringify(next),
    );
    this.sql.exec(
      `UPDATE totals SET flushed = totals.flushed + f.views
       FROM (SELECT story_id, sum(views) AS views FROM counted WHERE batch = ? GROUP BY story_id) AS f
       WHERE totals.story_id = f.story_id`,
      IN_FLIGHT,
    );
    this.sql.exec(`DELETE FROM counted WHERE batch = ?`, IN_FLIGHT);
    this.sql.exec(`DELETE FROM meta WHERE name = 'flush'`);
  }

  /** Keeps a refused row to be looked at (the latest few); views D1 refused too no longer count as on their way there. */
  private setAside({ row, viewsKept }: SetAsideRow, at: string): void {
    const flushId = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'flush'`).one().value;
    const key = [row.storyId, row.hour, row.source, row.referrerHost, row.device] as const;
    this.sql.exec(
      `INSERT INTO set_aside (flush_id, set_aside_at, story_id, hour, source, referrer_host, device, views, views_kept)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      flushId,
      at,
      ...key,
      row.views,
      viewsKept ? 1 : 0,
    );
    this.sql.exec(`DELETE FROM set_aside WHERE id <= (SELECT max(id) FROM set_aside) - ?`, KEEP_SET_ASIDE);
    // The story's total then stays ahead of the stories table, and is answered from here.
    if (!viewsKept)
      this.sql.exec(
        `DELETE FROM counted WHERE batch = ? AND story_id = ? AND hour = ? AND source = ? AND referrer_host = ? AND device = ?`,
        IN_FLIGHT,
        ...key,
      );
  }

  stats(): CounterStats {
    const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'stats'`).toArray()[0];
    const stored: StoredStats = { flushes: 0, viewsFlushed: 0, d1Statements: 0, d1RowsWritten: 0, rowsSetAside: 0 };
    if (row) Object.assign(stored, JSON.parse(row.value) as Partial<StoredStats>);
    const pending = this.sql.exec<{ n: number }>(`SELECT coalesce(sum(views), 0) AS n FROM counted`).one().n;
    return { ...stored, viewsPending: pending };
  }

  private rows(batch: number): FlushRow[] {
    return this.sql
      .exec<{
        story_id: number;
        hour: string;
        source: FlushRow['source'];
        referrer_host: string;
        device: FlushRow['device'];
        views: number;
      }>(
        // In key order: a flush sent again is cut into the same halves (d1-view-flushes.ts).
        `SELECT story_id, hour, source, referrer_host, device, views FROM counted WHERE batch = ? ORDER BY story_id, hour, source, referrer_host, device`,
        batch,
      )
      .toArray()
      .map((row) => ({
        storyId: row.story_id,
        hour: row.hour,
        source: row.source,
        referrerHost: row.referrer_host,
        device: row.device,
        views: row.views,
      }));
  }
}
