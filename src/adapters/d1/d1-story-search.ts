import type { SearchHit } from '../../domain/discovery/entities.ts';
import type { StorySearchScope } from '../../domain/permissions.ts';
import type { StorySearch } from '../../domain/discovery/ports.ts';
import { MARK_CLOSE, MARK_OPEN, spokenSnippet } from '../../domain/discovery/search-query.ts';
import type { StoryStatus } from '../../domain/story/story.ts';
import type { Db } from './db.ts';

/**
 * Search over the story_search FTS5 index (migrations/0010, 0050 and 0085, decisions 035, 090 and
 * 129). bm25 weighs a match in the title ten times one in the body, the description four times: a
 * title match comes first; words spoken in the story's video weigh as much as its body. A gated
 * story's text past its opening is in locked_text, its video's words in locked_spoken_text: only
 * staff searches read those.
 */
const RANK = 'bm25(story_search, 10.0, 4.0, 1.0, 1.0, 1.0, 1.0)';
/** What readers' searches match (and their snippets show): every column but the locked ones. */
const READERS_COLUMNS = '{title description body_text spoken_text}';
/** The index's columns of spoken words (story_search's 5th and 6th). */
const SPOKEN_COLUMNS = [4, 5] as const;

/** The MATCH expression for this scope: readers' never reaches the locked columns. */
function scopedMatch(match: string, scope: StorySearchScope): string {
  return scope.kind === 'published' ? `${READERS_COLUMNS} : (${match})` : match;
}
/** Words around the match in a snippet. */
const SNIPPET_TOKENS = 24;

/**
 * Who may see a hit is read from the stories_search_visibility index (id, status, author, beat),
 * never from the long story row. Values are bound, never spliced.
 */
function scopeCondition(scope: StorySearchScope, beatId: number | undefined): { sql: string; params: (string | number)[] } {
  const parts = ['s.deleted_at IS NULL'];
  const params: (string | number)[] = [];
  if (scope.kind === 'published') parts.push("s.status = 'published'");
  if (scope.kind === 'own') {
    parts.push('s.author_id = ?');
    params.push(scope.authorId);
  }
  if (beatId !== undefined) {
    parts.push('s.beat_id = ?');
    params.push(beatId);
  }
  return { sql: parts.join(' AND '), params };
}

interface DetailRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  status: StoryStatus;
  published_at: string | null;
  author_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  beat_id: number | null;
  beat_name: string | null;
  beat_slug: string | null;
  snippet: string;
  spoken_snippet: string;
  locked_spoken_snippet: string;
}

export class D1StorySearch implements StorySearch {
  constructor(private readonly db: Db) {}

  async search({
    match,
    scope,
    beatId,
    limit,
    offset,
  }: Parameters<StorySearch['search']>[0]): Promise<{ total: number; hits: SearchHit[] }> {
    const d1 = this.db.$client;
    match = scopedMatch(match, scope);
    const where = scopeCondition(scope, beatId);
    const from = `FROM story_search JOIN stories s INDEXED BY stories_search_visibility ON s.id = story_search.rowid WHERE story_search MATCH ? AND ${where.sql}`;
    // The ranking reads the index and the visibility index only; the page's rows are read after, for its ids alone.
    const [ranked, counted] = await d1.batch<{ id: number } | { n: number }>([
      d1
        .prepare(`SELECT story_search.rowid AS id ${from} ORDER BY ${RANK}, s.id DESC LIMIT ? OFFSET ?`)
        .bind(match, ...where.params, limit, offset),
      d1.prepare(`SELECT count(*) AS n ${from}`).bind(match, ...where.params),
    ]);
    const ids = (ranked!.results as { id: number }[]).map((row) => row.id);
    const total = (counted!.results[0] as { n: number } | undefined)?.n ?? 0;
    if (ids.length === 0) return { total, hits: [] };

    const details = await d1
      .prepare(
        `SELECT s.id, s.slug, s.title, s.description, s.status, s.published_at, u.id AS author_id, u.username, u.first_name, u.last_name,
           b.id AS beat_id, b.name AS beat_name, b.slug AS beat_slug,
           snippet(story_search, -1, ?, ?, '…', ${SNIPPET_TOKENS}) AS snippet,
           snippet(story_search, ${SPOKEN_COLUMNS[0]}, ?, ?, '…', ${SNIPPET_TOKENS}) AS spoken_snippet,
           snippet(story_search, ${SPOKEN_COLUMNS[1]}, ?, ?, '…', ${SNIPPET_TOKENS}) AS locked_spoken_snippet
         FROM story_search JOIN stories s ON s.id = story_search.rowid JOIN users u ON u.id = s.author_id LEFT JOIN beats b ON b.id = s.beat_id
         WHERE story_search MATCH ? AND story_search.rowid IN (${ids.map(() => '?').join(', ')})`,
      )
      .bind(MARK_OPEN, MARK_CLOSE, MARK_OPEN, MARK_CLOSE, MARK_OPEN, MARK_CLOSE, match, ...ids)
      .all<DetailRow>();
    const byId = new Map(details.results.map((row) => [row.id, row]));
    const hits = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toHit(row)] : [];
    });
    return { total, hits };
  }
}

/** The best snippet is the video's when it is the snippet of a spoken-words column with a match in it. */
function fromVideo(row: DetailRow): boolean {
  return [row.spoken_snippet, row.locked_spoken_snippet].some((spoken) => spoken === row.snippet && spoken.includes(MARK_OPEN));
}

function toHit(row: DetailRow): SearchHit {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    snippet: fromVideo(row) ? spokenSnippet(row.snippet) : row.snippet,
    status: row.status,
    publishedAt: row.published_at,
    author: { id: row.author_id, username: row.username, firstName: row.first_name, lastName: row.last_name },
    beat:
      row.beat_id !== null && row.beat_name !== null && row.beat_slug !== null
        ? { id: row.beat_id, name: row.beat_name, slug: row.beat_slug }
        : null,
  };
}
