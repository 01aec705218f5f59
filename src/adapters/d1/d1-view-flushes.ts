import type { ReaderDevice, ViewSource } from '../../domain/readership/readership.ts';
import { isRefusedRow, isUniqueViolation } from './db.ts';

/**
 * Writes one view counter's flush to D1 (docs/decisions/060-view-counters-flush-to-d1.md, 070): the
 * stories' view totals and the breakdown rows grow by what the flush carries, the hosts of each hour
 * it touched beyond the 50 most seen fold into `other`, and the flush's id is recorded, all in one
 * batch (one transaction). A flush sent again after its answer was lost finds its id and adds
 * nothing: at most once, and the counter retries until it hears so, at least once.
 *
 * A row D1 refuses (a constraint: nothing a retry would change) does not hold the others back: the
 * flush is sent again in halves, each its own batch under its own id, down to the refused row,
 * whose views still reach the story's total while its breakdown row is set aside and reported.
 */

export interface FlushRow {
  storyId: number;
  hour: string;
  source: ViewSource;
  /** '' for no referrer, the site itself, or a host folded into `other`. */
  referrerHost: string;
  device: ReaderDevice;
  views: number;
}

export interface ViewFlush {
  id: string;
  at: string;
  rows: FlushRow[];
}

/** A row D1 refused: its breakdown is not in D1; `viewsKept` says whether its views reached the story's total. */
export interface SetAsideRow {
  row: FlushRow;
  viewsKept: boolean;
}

/** What D1 says the flush cost: its statements, and the rows it wrote (D1's own count, indexes included). */
export type FlushOutcome =
  { outcome: 'applied'; statements: number; rowsWritten: number; setAside: SetAsideRow[] } | { outcome: 'already_applied' };

type Applied = Extract<FlushOutcome, { outcome: 'applied' }>;

/** How long a flush's id is kept: a counter retries an unanswered flush within minutes, never a week later. */
const KEEP_FLUSH_IDS_MS = 7 * 24 * 3600 * 1000;
/** Rows per statement, as one JSON parameter; D1 limits a statement's size, not a batch's length. */
const ROWS_PER_STATEMENT = 400;
/** Referrer hosts kept by name per story and hour; the others' views count as `other` with no host. */
export const MAX_HOSTS_PER_HOUR = 50;

/** The named hosts of the (story, hour) pairs in ?1 beyond the most seen, ties by name: what a flush folds. */
const HOSTS_BEYOND = `SELECT story_id, hour, referrer_host FROM (
    SELECT v.story_id, v.hour, v.referrer_host,
           row_number() OVER (PARTITION BY v.story_id, v.hour ORDER BY sum(v.views) DESC, v.referrer_host) AS place
    FROM story_view_hours v
    JOIN (SELECT value ->> '$[0]' AS story_id, value ->> '$[1]' AS hour FROM json_each(?1)) AS t ON v.story_id = t.story_id AND v.hour = t.hour
    WHERE v.referrer_host <> ''
    GROUP BY v.story_id, v.hour, v.referrer_host
  ) WHERE place > ${MAX_HOSTS_PER_HOUR}`;

export class D1ViewFlushes {
  constructor(private readonly d1: D1Database) {}

  async apply(flush: ViewFlush): Promise<FlushOutcome> {
    const outcome = await this.send(flush.id, flush.at, flush.rows, { breakdowns: true });
    if (outcome !== 'refused') return outcome;
    return this.byHalves(flush, 0, flush.rows.length);
  }

  /**
   * Rows [from, to) of a flush D1 refused whole, each half its own batch (ids made from the flush's and the range, so a
   * flush sent again after a crash halves the same way and finds the halves that landed).
   */
  private async byHalves(flush: ViewFlush, from: number, to: number): Promise<Applied> {
    const rows = flush.rows.slice(from, to);
    const id = `${flush.id}:${from}-${to}`;
    const outcome = await this.send(id, flush.at, rows, { breakdowns: true });
    if (outcome !== 'refused') return outcome.outcome === 'applied' ? outcome : { ...NOTHING };
    if (rows.length === 1) {
      const totals = await this.send(`${id}:views`, flush.at, rows, { breakdowns: false });
      const viewsKept = totals !== 'refused';
      console.error(`view flush ${flush.id}: D1 refused a row; set aside`, JSON.stringify(rows[0]), viewsKept ? '' : '(and its views)');
      return { ...(totals !== 'refused' && totals.outcome === 'applied' ? totals : NOTHING), setAside: [{ row: rows[0]!, viewsKept }] };
    }
    const middle = from + Math.ceil((to - from) / 2);
    const [first, second] = [await this.byHalves(flush, from, middle), await this.byHalves(flush, middle, to)];
    return {
      outcome: 'applied',
      statements: first.statements + second.statements,
      rowsWritten: first.rowsWritten + second.rowsWritten,
      setAside: [...first.setAside, ...second.setAside],
    };
  }

  /** One batch: the id, the stories' totals and (unless only the views go) the breakdown rows and the fold. */
  private async send(id: string, at: string, rows: readonly FlushRow[], { breakdowns }: { breakdowns: boolean }) {
    const perStory = new Map<number, number>();
    for (const row of rows) perStory.set(row.storyId, (perStory.get(row.storyId) ?? 0) + row.views);
    const views = [...perStory.values()].reduce((sum, n) => sum + n, 0);
    const statements = [
      this.d1
        .prepare('INSERT INTO view_flushes (id, flushed_at, views, rows) VALUES (?, ?, ?, ?)')
        .bind(id, at, views, perStory.size + (breakdowns ? rows.length : 0)),
      this.d1
        .prepare(
          `UPDATE stories SET views = stories.views + j.views
           FROM (SELECT value ->> '$[0]' AS id, value ->> '$[1]' AS views FROM json_each(?)) AS j
           WHERE stories.id = j.id`,
        )
        .bind(JSON.stringify([...perStory])),
      ...(breakdowns ? this.breakdownStatements(rows) : []),
      this.d1.prepare('DELETE FROM view_flushes WHERE flushed_at < ?').bind(new Date(Date.parse(at) - KEEP_FLUSH_IDS_MS).toISOString()),
    ];
    let results: D1Result[];
    try {
      results = await this.d1.batch(statements);
    } catch (error) {
      if (isUniqueViolation(error, 'view_flushes.id')) return { outcome: 'already_applied' } as const;
      if (isRefusedRow(error)) return 'refused' as const;
      throw error;
    }
    const applied: Applied = {
      outcome: 'applied',
      statements: statements.length,
      rowsWritten: results.reduce((sum, result) => sum + (result.meta.rows_written ?? 0), 0),
      setAside: [],
    };
    return applied;
  }

  /** Upserts (by adding) the rows, a statement per 400; then folds the hosts of the hours they touched beyond the 50 most seen. */
  private breakdownStatements(rows: readonly FlushRow[]): D1PreparedStatement[] {
    const statements: D1PreparedStatement[] = [];
    for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(at, at + ROWS_PER_STATEMENT).map((r) => [r.storyId, r.hour, r.source, r.referrerHost, r.device, r.views]);
      statements.push(
        this.d1
          .prepare(
            `INSERT INTO story_view_hours (story_id, hour, source, referrer_host, device, views)
             SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]', value ->> '$[4]', value ->> '$[5]' FROM json_each(?) WHERE true
             ON CONFLICT (story_id, hour, source, referrer_host, device) DO UPDATE SET views = views + excluded.views`,
          )
          .bind(JSON.stringify(chunk)),
      );
    }
    const hours = new Map<string, [number, string]>();
    for (const row of rows) if (row.referrerHost !== '') hours.set(`${row.storyId} ${row.hour}`, [row.storyId, row.hour]);
    if (hours.size === 0) return statements;
    const touched = JSON.stringify([...hours.values()]);
    // The folded hosts' views move to (other, no host) per device, then their own rows go: the same set both times, as
    // the ranking leaves the rows with no host out.
    statements.push(
      this.d1
        .prepare(
          `INSERT INTO story_view_hours (story_id, hour, source, referrer_host, device, views)
           SELECT h.story_id, h.hour, 'other', '', h.device, sum(h.views)
           FROM story_view_hours h JOIN (${HOSTS_BEYOND}) AS f ON h.story_id = f.story_id AND h.hour = f.hour AND h.referrer_host = f.referrer_host
           GROUP BY h.story_id, h.hour, h.device
           ON CONFLICT (story_id, hour, source, referrer_host, device) DO UPDATE SET views = views + excluded.views`,
        )
        .bind(touched),
      this.d1
        .prepare(`DELETE FROM story_view_hours WHERE referrer_host <> '' AND (story_id, hour, referrer_host) IN (${HOSTS_BEYOND})`)
        .bind(touched),
    );
    return statements;
  }
}

const NOTHING: Applied = { outcome: 'applied', statements: 0, rowsWritten: 0, setAside: [] };
