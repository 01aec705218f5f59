import type { ReadershipRepository, ReadershipScope, ReadershipWindow } from '../../domain/readership/ports.ts';
import type {
  AudienceMinute,
  BeatViews,
  ReaderDevice,
  ReadershipRows,
  StoryStream,
  TopStory,
  ViewSource,
} from '../../domain/readership/readership.ts';
import { MAX_REFERRERS } from '../../domain/readership/readership.ts';
import type { Db } from './db.ts';

/**
 * Readership reports over story_view_hours (migrations/0021): views per story, UTC hour, source,
 * referrer host and device, as the view counters flushed them. Every figure leaves deleted
 * stories out, as the stories' own view totals do. Values are bound, never spliced.
 */

/** The hour's text up to the bucket: 13 characters name an hour (2026-05-01T14), 10 a day. */
const BUCKET_PREFIX = { hour: 13, day: 10 } as const;
const BUCKET_SUFFIX = { hour: ':00:00.000Z', day: 'T00:00:00.000Z' } as const;

function scoped(scope: ReadershipScope, window: ReadershipWindow, join = ''): { sql: string; params: (string | number)[] } {
  const params: (string | number)[] = [window.start, window.end];
  let sql = `FROM story_view_hours v JOIN stories s ON s.id = v.story_id ${join} WHERE v.hour >= ? AND v.hour < ? AND s.deleted_at IS NULL`;
  if (scope.kind === 'story') {
    sql += ' AND v.story_id = ?';
    params.push(scope.storyId);
  } else if (scope.kind === 'author') {
    sql += ' AND s.author_id = ?';
    params.push(scope.authorId);
  }
  return { sql, params };
}

export class D1ReadershipRepository implements ReadershipRepository {
  constructor(private readonly db: Db) {}

  private get d1(): D1Database {
    return this.db.$client;
  }

  async viewableStory(id: number): Promise<{ views: number } | null> {
    return this.d1
      .prepare("SELECT views FROM stories WHERE id = ? AND status = 'published' AND deleted_at IS NULL")
      .bind(id)
      .first<{ views: number }>();
  }

  async storedViewsExcept(exceptIds: readonly number[], authorId?: number): Promise<{ sum: number; included: number[] }> {
    const author = authorId === undefined ? '' : ' AND author_id = ?';
    const params = authorId === undefined ? [JSON.stringify(exceptIds)] : [JSON.stringify(exceptIds), authorId];
    // One batch is one transaction: the sum and the list see the same rows.
    const [summed, listed] = await this.d1.batch<{ total: number } | { id: number }>([
      this.d1
        .prepare(
          `SELECT coalesce(sum(views), 0) AS total FROM stories WHERE deleted_at IS NULL AND id NOT IN (SELECT value FROM json_each(?))${author}`,
        )
        .bind(...params),
      this.d1
        .prepare(`SELECT id FROM stories WHERE deleted_at IS NULL AND id IN (SELECT value FROM json_each(?))${author}`)
        .bind(...params),
    ]);
    const sum = Number((summed!.results[0] as { total: number } | undefined)?.total ?? 0);
    return { sum, included: (listed!.results as { id: number }[]).map((row) => row.id) };
  }

  async rows(scope: ReadershipScope, window: ReadershipWindow): Promise<ReadershipRows> {
    const { sql, params } = scoped(scope, window);
    const prefix = BUCKET_PREFIX[window.interval];
    const [series, sources, referrers, devices] = await this.d1.batch([
      this.d1.prepare(`SELECT substr(v.hour, 1, ${prefix}) AS bucket, sum(v.views) AS views ${sql} GROUP BY bucket`).bind(...params),
      this.d1.prepare(`SELECT v.source AS source, sum(v.views) AS views ${sql} GROUP BY v.source`).bind(...params),
      this.d1
        .prepare(
          `SELECT v.referrer_host AS host, sum(v.views) AS views ${sql} AND v.referrer_host <> '' GROUP BY v.referrer_host ORDER BY views DESC, host LIMIT ${MAX_REFERRERS}`,
        )
        .bind(...params),
      this.d1.prepare(`SELECT v.device AS device, sum(v.views) AS views ${sql} GROUP BY v.device`).bind(...params),
    ]);
    const suffix = BUCKET_SUFFIX[window.interval];
    return {
      series: (series!.results as { bucket: string; views: number }[]).map((row) => ({ t: row.bucket + suffix, views: row.views })),
      sources: sources!.results as { source: ViewSource; views: number }[],
      referrers: referrers!.results as { host: string; views: number }[],
      devices: devices!.results as { device: ReaderDevice; views: number }[],
    };
  }

  async topStories(scope: ReadershipScope, window: ReadershipWindow, limit: number): Promise<TopStory[]> {
    const { sql, params } = scoped(scope, window);
    const { results } = await this.d1
      .prepare(
        `SELECT s.id AS id, s.slug AS slug, s.title AS title, sum(v.views) AS views ${sql} GROUP BY s.id ORDER BY views DESC, s.id LIMIT ?`,
      )
      .bind(...params, limit)
      .all<TopStory>();
    return results;
  }

  async beats(window: ReadershipWindow): Promise<BeatViews[]> {
    const { sql, params } = scoped({ kind: 'site' }, window, 'JOIN beats b ON b.id = s.beat_id');
    const { results } = await this.d1
      .prepare(`SELECT b.id AS id, b.name AS name, sum(v.views) AS views ${sql} GROUP BY b.id ORDER BY views DESC, b.name`)
      .bind(...params)
      .all<BeatViews>();
    return results;
  }

  async recordAudienceMinute(streamId: number, minute: AudienceMinute): Promise<void> {
    await this.d1
      .prepare(
        `INSERT INTO stream_audience_minutes (stream_id, minute, viewers, viewer_seconds) VALUES (?, ?, ?, ?)
         ON CONFLICT (stream_id, minute) DO UPDATE SET viewers = max(viewers, excluded.viewers), viewer_seconds = viewer_seconds + excluded.viewer_seconds`,
      )
      .bind(streamId, minute.minute, minute.viewers, minute.viewerSeconds)
      .run();
  }

  async audienceMinutes(streamId: number): Promise<AudienceMinute[]> {
    const { results } = await this.d1
      .prepare('SELECT minute, viewers, viewer_seconds AS viewerSeconds FROM stream_audience_minutes WHERE stream_id = ? ORDER BY minute')
      .bind(streamId)
      .all<AudienceMinute>();
    return results;
  }

  async storyStreams(storyId: number): Promise<StoryStream[]> {
    const { results } = await this.d1
      .prepare(
        'SELECT id, is_active AS isActive, started_at AS startedAt, ended_at AS endedAt FROM live_streams WHERE story_id = ? ORDER BY id',
      )
      .bind(storyId)
      .all<{ id: number; isActive: number; startedAt: string | null; endedAt: string | null }>();
    return results.map((row) => ({ ...row, isActive: row.isActive === 1 }));
  }
}
