import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { StoryRevision, StoryRevisionSummary } from '../../domain/story/entities.ts';
import type { StoryRevisionRepository } from '../../domain/story/ports.ts';
import type { Db } from './db.ts';
import { storyRevisions, users } from './schema.ts';

/**
 * The statement that keeps a revision: a full copy of the story row's revision fields as they
 * stand, made inside the same batch as the write that produced them (decision 031). `which`
 * picks the story row; a write whose WHERE matched nothing adds `changes() = 1` so that no
 * revision is kept for a write that did not happen.
 */
export function keepRevision(db: Db, which: SQL, editorId: number, now: string) {
  return copyStories(db, which, { version: sql`version`, status: sql`status`, editor: sql`${editorId}`, at: sql`${now}` });
}

/**
 * The statement that keeps the minute job's revisions, run just before the job's UPDATE in the same
 * batch and with the same `due` condition: each due story as the job is about to leave it (published,
 * its next version, at the time the job gives its updatedAt). The job has no user of its own; its
 * revision goes under the story's author, whose scheduled story it is (docs/product/rules.md#revisions).
 */
export function keepPublishingRevisions(db: Db, due: SQL, version: SQL, updatedAt: SQL) {
  return copyStories(db, due, { version, status: sql`'published'`, editor: sql`author_id`, at: updatedAt });
}

function copyStories(db: Db, which: SQL, values: { version: SQL; status: SQL; editor: SQL; at: SQL }) {
  // Values in the order of schema.ts's storyRevisions columns, which drizzle names in the INSERT (the id is the table's).
  return db.insert(storyRevisions)
    .select(sql`SELECT NULL, id, ${values.version}, ${values.editor}, title, slug, description, content, ${values.status}, video_url, featured_image_url, ${values.at},
    featured_image_alt, featured_image_caption, featured_image_credit
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
        featuredImageAlt: storyRevisions.featuredImageAlt,
        featuredImageCaption: storyRevisions.featuredImageCaption,
        featuredImageCredit: storyRevisions.featuredImageCredit,
      })
      .from(storyRevisions)
      .innerJoin(users, eq(users.id, storyRevisions.editorId))
      .where(and(eq(storyRevisions.storyId, storyId), eq(storyRevisions.id, revisionId)))
      .get();
    return row ?? null;
  }
}
