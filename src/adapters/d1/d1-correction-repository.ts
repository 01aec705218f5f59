import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Correction } from '../../domain/story/entities.ts';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { CorrectionRepository } from '../../domain/story/ports.ts';
import { auditStoryEntries } from './audit-entry.ts';
import { ifWritten } from './d1-story-revisions.ts';
import type { Db } from './db.ts';
import { stories, storyCorrections } from './schema.ts';

export class D1CorrectionRepository implements CorrectionRepository {
  constructor(private readonly db: Db) {}

  async add(storyId: number, authorId: number, note: string, now: string, audit: readonly AuditEntry[] = []): Promise<Correction | null> {
    // The story moves first; the correction is written only when it did (changes() = 1), so a story
    // unpublished a moment before never gets one, and the two never happen apart. Only updatedAt moves:
    // a correction is not an edit of the story's text, so its version (the edit-conflict token) stays
    // and an editor holding it can still save (docs/product/rules.md#corrections).
    const [, added] = await this.db.batch([
      this.db
        .update(stories)
        .set({ updatedAt: now })
        .where(and(eq(stories.id, storyId), eq(stories.status, 'published'), isNull(stories.deletedAt))),
      // Values in the order of schema.ts's storyCorrections columns, which drizzle names in the INSERT.
      this.db
        .insert(storyCorrections)
        .select(sql`SELECT NULL, ${storyId}, ${authorId}, ${note}, ${now} WHERE changes() = 1`)
        .returning({ id: storyCorrections.id, note: storyCorrections.note, createdAt: storyCorrections.createdAt }),
      ...auditStoryEntries(this.db, audit, now, ifWritten(storyId)),
    ]);
    return added[0] ?? null;
  }
}
