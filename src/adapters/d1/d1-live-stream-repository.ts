import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AuditDetail } from '../../domain/audit/audit.ts';
import type { ActiveLiveStream, LiveStream } from '../../domain/live-video/entities.ts';
import type { LiveStreamRepository } from '../../domain/live-video/ports.ts';
import type { Db } from './db.ts';
import { liveStreams, stories } from './schema.ts';
import { auditEntriesFrom } from './audit-entry.ts';

/** The audit entry of a stream's start or end, named by its story's title. */
function auditStream(
  db: Db,
  action: 'stream.started' | 'stream.ended',
  actorId: number | null,
  at: string,
  which: SQL,
  detail?: AuditDetail,
) {
  return auditEntriesFrom(db, { action, actorId, detail }, at, {
    type: 'stream',
    id: sql`${liveStreams.id}`,
    label: sql`${stories.title}`,
    from: sql`${liveStreams} JOIN ${stories} ON ${stories.id} = ${liveStreams.storyId} WHERE ${which}`,
  });
}

export class D1LiveStreamRepository implements LiveStreamRepository {
  constructor(private readonly db: Db) {}

  async countActive(): Promise<number> {
    const row = await this.db.select({ n: count() }).from(liveStreams).where(eq(liveStreams.isActive, true)).get();
    return row?.n ?? 0;
  }

  async countForAuthor(authorId: number): Promise<number> {
    const row = await this.db
      .select({ n: count() })
      .from(liveStreams)
      .innerJoin(stories, eq(stories.id, liveStreams.storyId))
      .where(eq(stories.authorId, authorId))
      .get();
    return row?.n ?? 0;
  }

  async create(stream: { storyId: number; streamKey: string; startedAt: string }, now: string, startedBy?: number): Promise<LiveStream> {
    const insert = this.db
      .insert(liveStreams)
      .values({ ...stream, isActive: true, viewers: 0, createdAt: now })
      .returning();
    if (startedBy === undefined) return insert.get();
    const [rows] = await this.db.batch([
      insert,
      auditStream(this.db, 'stream.started', startedBy, now, sql`${liveStreams.id} = last_insert_rowid()`),
    ]);
    return rows[0]!;
  }

  async findById(id: number): Promise<LiveStream | null> {
    return (await this.db.select().from(liveStreams).where(eq(liveStreams.id, id)).get()) ?? null;
  }

  async existsForStory(storyId: number): Promise<boolean> {
    return (
      (await this.db.select({ id: liveStreams.id }).from(liveStreams).where(eq(liveStreams.storyId, storyId)).limit(1).get()) !== undefined
    );
  }

  async listActive(): Promise<ActiveLiveStream[]> {
    return this.db
      .select({
        id: liveStreams.id,
        storyId: liveStreams.storyId,
        isActive: liveStreams.isActive,
        viewers: liveStreams.viewers,
        startedAt: liveStreams.startedAt,
        endedAt: liveStreams.endedAt,
        createdAt: liveStreams.createdAt,
        slug: stories.slug,
        title: stories.title,
      })
      .from(liveStreams)
      .innerJoin(stories, eq(stories.id, liveStreams.storyId))
      .where(and(eq(liveStreams.isActive, true), isNull(stories.deletedAt)))
      .orderBy(desc(liveStreams.startedAt), desc(liveStreams.id));
  }

  async setViewers(id: number, viewers: number): Promise<void> {
    await this.db
      .update(liveStreams)
      .set({ viewers })
      .where(and(eq(liveStreams.id, id), eq(liveStreams.isActive, true)))
      .run();
  }

  async end(id: number, ending: { videoUrl: string | null; endedAt: string; endedBy?: number | null }): Promise<LiveStream | null> {
    const { videoUrl, endedAt } = ending;
    // The story first: its condition reads the stream while it is still active, so a second end is a no-op.
    await this.db.batch([
      this.db
        .update(stories)
        .set({
          isLive: false,
          status: 'published',
          publishedAt: sql`coalesce(${stories.publishedAt}, ${endedAt})`,
          videoUrl: sql`coalesce(${videoUrl}, ${stories.videoUrl})`,
          updatedAt: endedAt,
          version: sql`${stories.version} + 1`,
        })
        .where(
          sql`${stories.id} = (SELECT ${liveStreams.storyId} FROM ${liveStreams} WHERE ${liveStreams.id} = ${id} AND ${liveStreams.isActive} = 1)`,
        ),
      this.db
        .update(liveStreams)
        .set({ isActive: false, viewers: 0, endedAt })
        .where(and(eq(liveStreams.id, id), eq(liveStreams.isActive, true))),
      // Only when this call ended it; null actor: the stream ended by itself (the publisher left, the alarm).
      auditStream(this.db, 'stream.ended', ending.endedBy ?? null, endedAt, sql`${liveStreams.id} = ${id} AND changes() = 1`, {
        recorded: videoUrl !== null,
      }),
    ]);
    return this.findById(id);
  }
}
