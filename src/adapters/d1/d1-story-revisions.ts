import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { StoryRevision, StoryRevisionSummary } from '../../domain/entities.ts';
import type { StoryRevisionRepository } from '../../domain/ports.ts';
import type { Db } from './db.ts';
import { storyRevisions, users } from './schema.ts';

/**
 * The statement that keeps a revision: a full copy of the story row's revision fields as they
 * stand, made inside the same batch as the write that produced them (decision 031). `which`
 * picks the story row; a write whose WHERE matched nothing adds `changes() = 1` so that no
 * revision is kept for a write that did not happen.
 */
export function keepRevision(db: Db, which: SQL, editorId: number, now: string) {
  // Values in the order of schema.ts's storyRevisions columns, which drizzle names in the INSERT (the id is the table's).
  return db.insert(storyRevisions).select(sql`SELECT NULL, id, version, ${editorId}, title, slug, description, content, status, video_url, featured_image_url, ${now}
    FROM stories WHERE ${which}`);
}

/** Only the row the statement just before this one in the batch changed (SQLite's changes()). */
export const ifWritten = (storyId: number) => sql`id = ${storyId} AND changes() = 1`;

const summaryColumns = {
  id: storyRevisions.id,
  version: storyRevisions.version,
  title: storyRevisions.title,
  status: storyRevisions.status,
  editor: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName },
  createdAt: storyRevisions.createdAt,
};

export class D1StoryRevisionRepository implements StoryRevisionRepository {
  constructor(private readonly db: Db) {}

  list(storyId: number): Promise<StoryRevisionSummary[]> {
    return this.db
      .select(summaryColumns)
      .from(storyRevisions)
      .innerJoin(users, eq(users.id, storyRevisions.editorId))
      .where(eq(storyRevisions.storyId, storyId))
      .orderBy(desc(storyRevisions.version), desc(storyRevisions.id));
  }

  async find(storyId: number, revisionId: number): Promise<StoryRevision | null> {
    const row = await this.db
      .select({
        ...summaryColumns,
        description: storyRevisions.description,
        content: storyRevisions.content,
        slug: storyRevisions.slug,
        videoUrl: storyRevisions.videoUrl,
        featuredImageUrl: storyRevisions.featuredImageUrl,
      })
      .from(storyRevisions)
      .innerJoin(users, eq(users.id, storyRevisions.editorId))
      .where(and(eq(storyRevisions.storyId, storyId), eq(storyRevisions.id, revisionId)))
      .get();
    return row ?? null;
  }
}
