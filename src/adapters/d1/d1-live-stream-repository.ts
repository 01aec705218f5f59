import { count, eq } from 'drizzle-orm';
import type { LiveStreamRepository } from '../../domain/ports.ts';
import type { Db } from './db.ts';
import { liveStreams, stories } from './schema.ts';

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
}
