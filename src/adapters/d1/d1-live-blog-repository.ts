import type { LiveBlogUpdate } from '../../domain/live-blog/entities.ts';
import type { Coverage } from '../../domain/story/story.ts';
import type {
  LiveBlogChanges,
  LiveBlogEditOutcome,
  LiveBlogPage,
  LiveBlogRepository,
  StoredLiveBlogUpdate,
} from '../../domain/live-blog/ports.ts';
import type { Db } from './db.ts';

/**
 * Live blog updates in D1 (migrations/0020, decision 055). Written with plain SQL: each write is one
 * atomic batch that first moves the change clock (only when the write will happen: the same
 * condition guards every statement of the batch) and then stamps every row it changes with a
 * number of it, so readers asking "what changed after N" never miss a write.
 */

interface UpdateRow {
  id: number;
  story_id: number;
  author_id: number;
  body: string;
  key_event: number;
  pinned: number;
  version: number;
  seq: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  username: string;
  first_name: string | null;
  last_name: string | null;
}

const UPDATE_COLUMNS = `u.id, u.story_id, u.author_id, u.body, u.key_event, u.pinned, u.version, u.seq, u.created_at, u.updated_at, u.deleted_at,
  a.username, a.first_name, a.last_name`;
const FROM_UPDATES = 'FROM live_blog_updates u JOIN users a ON a.id = u.author_id';

function toUpdate(row: UpdateRow): StoredLiveBlogUpdate {
  return {
    id: row.id,
    body: row.body,
    author: { id: row.author_id, username: row.username, firstName: row.first_name, lastName: row.last_name },
    authorId: row.author_id,
    keyEvent: row.key_event === 1,
    pinned: row.pinned === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the API shows of an update (the author's id is inside `author`). */
const publicUpdate = (row: UpdateRow) => withoutAuthorId(toUpdate(row));

/** The story takes updates: a live blog, not deleted, coverage live. `?1` is the story id. */
const STORY_IS_LIVE = `EXISTS (SELECT 1 FROM stories WHERE id = ?1 AND format = 'liveblog' AND coverage = 'live' AND deleted_at IS NULL)`;
/** The update `?2` of story `?1` exists, at version `?3`. */
const TARGET_AT_VERSION = `EXISTS (SELECT 1 FROM live_blog_updates WHERE id = ?2 AND story_id = ?1 AND version = ?3 AND deleted_at IS NULL)`;

/** Moves the live blog's updatedAt (`?4` or `?3`, named by `now`) under `guard`: its page, feeds and sitemap say it changed. */
const touchStory = (guard: string, now: string) => `UPDATE stories SET updated_at = ${now} WHERE id = ?1 AND ${guard}`;

/** Clears the live blog's pinned update (other than `?2`) under `guard`, stamping it with the clock's number before the last one. */
const unpinOthers = (guard: string) =>
  `UPDATE live_blog_updates SET pinned = 0, version = version + 1, updated_at = ?4, seq = (SELECT seq - 1 FROM live_blog_clock WHERE id = 1)
   WHERE story_id = ?1 AND pinned = 1 AND id <> ?2 AND ${guard}`;

export class D1LiveBlogRepository implements LiveBlogRepository {
  private readonly d1: D1Database;

  constructor(db: Db) {
    this.d1 = db.$client;
  }

  async page(storyId: number, options: { before?: number; limit: number; keyEvent?: boolean; pinned?: boolean }): Promise<LiveBlogPage> {
    const conditions = ['u.story_id = ?1', 'u.deleted_at IS NULL', 'u.id < ?2'];
    if (options.keyEvent !== undefined) conditions.push(`u.key_event = ${options.keyEvent ? 1 : 0}`);
    if (options.pinned !== undefined) conditions.push(`u.pinned = ${options.pinned ? 1 : 0}`);
    // One batch is one snapshot: the cursor names exactly the changes these updates include.
    const [cursor, rows] = await this.d1.batch<{ cursor: number } | UpdateRow>([
      this.d1.prepare('SELECT coalesce(max(seq), 0) AS cursor FROM live_blog_updates WHERE story_id = ?1').bind(storyId),
      this.d1
        .prepare(`SELECT ${UPDATE_COLUMNS} ${FROM_UPDATES} WHERE ${conditions.join(' AND ')} ORDER BY u.id DESC LIMIT ?3`)
        .bind(storyId, options.before ?? Number.MAX_SAFE_INTEGER, options.limit + 1),
    ]);
    const found = rows!.results as UpdateRow[];
    return {
      cursor: (cursor!.results[0] as { cursor: number }).cursor,
      updates: found.slice(0, options.limit).map(publicUpdate),
      more: found.length > options.limit,
    };
  }

  async changes(storyId: number, after: number, limit: number): Promise<LiveBlogChanges> {
    const { results } = await this.d1
      .prepare(`SELECT ${UPDATE_COLUMNS} ${FROM_UPDATES} WHERE u.story_id = ?1 AND u.seq > ?2 ORDER BY u.seq ASC LIMIT ?3`)
      .bind(storyId, after, limit + 1)
      .all<UpdateRow>();
    const taken = results.slice(0, limit);
    return {
      updates: taken
        .filter((row) => row.deleted_at === null)
        .sort((a, b) => b.id - a.id)
        .map(publicUpdate),
      deleted: taken.filter((row) => row.deleted_at !== null).map((row) => row.id),
      cursor: taken.at(-1)?.seq ?? after,
      more: results.length > limit,
    };
  }

  async findById(storyId: number, updateId: number): Promise<StoredLiveBlogUpdate | null> {
    const row = await this.d1
      .prepare(`SELECT ${UPDATE_COLUMNS} ${FROM_UPDATES} WHERE u.id = ?1 AND u.story_id = ?2 AND u.deleted_at IS NULL`)
      .bind(updateId, storyId)
      .first<UpdateRow>();
    return row ? toUpdate(row) : null;
  }

  async create(
    storyId: number,
    authorId: number,
    update: { body: string; keyEvent: boolean; pinned: boolean },
    now: string,
  ): Promise<LiveBlogUpdate | null> {
    // Two numbers of the clock: the one before the last for the update this one unpins (if any), the last for this one (its id too).
    const statements = [
      this.d1.prepare(`UPDATE live_blog_clock SET seq = seq + 2 WHERE id = 1 AND ${STORY_IS_LIVE}`).bind(storyId),
      this.d1.prepare(touchStory(STORY_IS_LIVE, '?2')).bind(storyId, now),
    ];
    if (update.pinned) statements.push(this.d1.prepare(unpinOthers(STORY_IS_LIVE)).bind(storyId, 0, null, now));
    statements.push(
      this.d1
        .prepare(
          `INSERT INTO live_blog_updates (id, story_id, author_id, body, key_event, pinned, version, seq, created_at, updated_at)
           SELECT seq, ?1, ?2, ?3, ?4, ?5, 1, seq, ?6, ?6 FROM live_blog_clock WHERE id = 1 AND ${STORY_IS_LIVE} RETURNING id`,
        )
        .bind(storyId, authorId, update.body, update.keyEvent ? 1 : 0, update.pinned ? 1 : 0, now),
    );
    const results = await this.d1.batch<{ id: number }>(statements);
    const inserted = results.at(-1)!.results[0];
    return inserted ? this.findById(storyId, inserted.id).then((found) => found && withoutAuthorId(found)) : null;
  }

  async edit(
    storyId: number,
    updateId: number,
    expectedVersion: number,
    patch: { body?: string; keyEvent?: boolean; pinned?: boolean },
    now: string,
  ): Promise<LiveBlogEditOutcome> {
    const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);
    const statements = [
      this.d1
        .prepare(`UPDATE live_blog_clock SET seq = seq + 2 WHERE id = 1 AND ${TARGET_AT_VERSION}`)
        .bind(storyId, updateId, expectedVersion),
      this.d1.prepare(touchStory(TARGET_AT_VERSION, '?4')).bind(storyId, updateId, expectedVersion, now),
    ];
    if (patch.pinned === true)
      statements.push(this.d1.prepare(unpinOthers(TARGET_AT_VERSION)).bind(storyId, updateId, expectedVersion, now));
    statements.push(
      this.d1
        .prepare(
          `UPDATE live_blog_updates SET body = coalesce(?4, body), key_event = coalesce(?5, key_event), pinned = coalesce(?6, pinned),
             version = version + 1, updated_at = ?7, seq = (SELECT seq FROM live_blog_clock WHERE id = 1)
           WHERE id = ?2 AND story_id = ?1 AND version = ?3 AND deleted_at IS NULL RETURNING id`,
        )
        .bind(storyId, updateId, expectedVersion, patch.body ?? null, flag(patch.keyEvent), flag(patch.pinned), now),
    );
    const results = await this.d1.batch<{ id: number }>(statements);
    const found = await this.findById(storyId, updateId);
    if (results.at(-1)!.results.length > 0 && found) return { kind: 'edited', update: withoutAuthorId(found) };
    return found ? { kind: 'stale' } : { kind: 'not_found' };
  }

  async delete(storyId: number, updateId: number, now: string): Promise<boolean> {
    const exists = 'EXISTS (SELECT 1 FROM live_blog_updates WHERE id = ?2 AND story_id = ?1 AND deleted_at IS NULL)';
    const [, , deleted] = await this.d1.batch<{ id: number }>([
      this.d1.prepare(`UPDATE live_blog_clock SET seq = seq + 1 WHERE id = 1 AND ${exists}`).bind(storyId, updateId),
      this.d1.prepare(touchStory(exists, '?3')).bind(storyId, updateId, now),
      this.d1
        .prepare(
          `UPDATE live_blog_updates SET deleted_at = ?3, pinned = 0, version = version + 1, updated_at = ?3, seq = (SELECT seq FROM live_blog_clock WHERE id = 1)
           WHERE id = ?2 AND story_id = ?1 AND deleted_at IS NULL RETURNING id`,
        )
        .bind(storyId, updateId, now),
    ]);
    return deleted!.results.length > 0;
  }

  async setCoverage(storyId: number, coverage: Coverage, now: string): Promise<boolean> {
    // Ending an ended live blog keeps the time it ended; reopening clears it. Like a correction this
    // is not an edit of the story's text, so its version (the editor's conflict token) stays.
    const row = await this.d1
      .prepare(
        `UPDATE stories SET coverage = ?2, updated_at = CASE WHEN coverage = ?2 THEN updated_at ELSE ?3 END,
           coverage_ended_at = CASE WHEN ?2 = 'live' THEN NULL WHEN coverage = 'ended' THEN coverage_ended_at ELSE ?3 END
         WHERE id = ?1 AND format = 'liveblog' AND deleted_at IS NULL RETURNING id`,
      )
      .bind(storyId, coverage, now)
      .first<{ id: number }>();
    return row !== null;
  }

  async setVideoLive(storyId: number, live: boolean): Promise<boolean> {
    // The flag alone: the stream's end (D1LiveStreamRepository.end) clears it with the recording as the video.
    const row = await this.d1
      .prepare(
        `UPDATE stories SET is_live = ?2 WHERE id = ?1 AND format = 'liveblog' AND is_live <> ?2 AND deleted_at IS NULL
           AND (?2 = 0 OR (status = 'published' AND coverage = 'live')) RETURNING id`,
      )
      .bind(storyId, live ? 1 : 0)
      .first<{ id: number }>();
    return row !== null;
  }
}

function withoutAuthorId(update: StoredLiveBlogUpdate): LiveBlogUpdate {
  const { authorId: _authorId, ...rest } = update;
  return rest;
}
