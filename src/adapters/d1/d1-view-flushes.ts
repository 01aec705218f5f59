import type { ReaderDevice, ViewSource } from '../../domain/readership/readership.ts';
import { isUniqueViolation } from './db.ts';

/**
 * Writes one view counter's flush to D1 (docs/decisions/060-view-counters-flush-to-d1.md): the
 * stories' view totals and the breakdown rows grow by what the flush carries, and the flush's id is
 * recorded, all in one batch (one transaction). A flush sent again after its answer was lost finds
 * its id and adds nothing: at most once, and the counter retries until it hears so, at least once.
 */

export interface FlushRow {
  storyId: number;
  hour: string;
  source: ViewSource;
  /** '' for no referrer, or the site itself. */
  referrerHost: string;
  device: ReaderDevice;
  views: number;
}

export interface ViewFlush {
  id: string;
  at: string;
  rows: FlushRow[];
}

/** What D1 says the flush cost: its statements, and the rows it wrote (D1's own count, indexes included). */
export type FlushOutcome = { outcome: 'applied'; statements: number; rowsWritten: number } | { outcome: 'already_applied' };

/** How long a flush's id is kept: a counter retries an unanswered flush within minutes, never a week later. */
const KEEP_FLUSH_IDS_MS = 7 * 24 * 3600 * 1000;
/** Rows per statement, as one JSON parameter; D1 limits a statement's size, not a batch's length. */
const ROWS_PER_STATEMENT = 400;

export class D1ViewFlushes {
  constructor(private readonly d1: D1Database) {}

  async apply(flush: ViewFlush): Promise<FlushOutcome> {
    const perStory = new Map<number, number>();
    for (const row of flush.rows) perStory.set(row.storyId, (perStory.get(row.storyId) ?? 0) + row.views);
    const views = [...perStory.values()].reduce((sum, n) => sum + n, 0);
    const statements = [
      this.d1
        .prepare('INSERT INTO view_flushes (id, flushed_at, views, rows) VALUES (?, ?, ?, ?)')
        .bind(flush.id, flush.at, views, perStory.size + flush.rows.length),
      this.d1
        .prepare(
          `UPDATE stories SET views = stories.views + j.views
           FROM (SELECT value ->> '$[0]' AS id, value ->> '$[1]' AS views FROM json_each(?)) AS j
           WHERE stories.id = j.id`,
        )
        .bind(JSON.stringify([...perStory])),
    ];
    for (let at = 0; at < flush.rows.length; at += ROWS_PER_STATEMENT) {
      const chunk = flush.rows
        .slice(at, at + ROWS_PER_STATEMENT)
        .map((r) => [r.storyId, r.hour, r.source, r.referrerHost, r.device, r.views]);
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
    statements.push(
      this.d1
        .prepare('DELETE FROM view_flushes WHERE flushed_at < ?')
        .bind(new Date(Date.parse(flush.at) - KEEP_FLUSH_IDS_MS).toISOString()),
    );
    let results: D1Result[];
    try {
      results = await this.d1.batch(statements);
    } catch (error) {
      if (isUniqueViolation(error, 'view_flushes.id')) return { outcome: 'already_applied' };
      throw error;
    }
    return {
      outcome: 'applied',
      statements: statements.length,
      rowsWritten: results.reduce((sum, result) => sum + (result.meta.rows_written ?? 0), 0),
    };
  }
}
