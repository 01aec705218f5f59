import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { FediverseReply, PublicReply, ReplyListQuery, ReplyState } from '../../domain/federation/moderation.ts';
import type { NewReply, ReactionKind, ReactionRepository, ReplyRepository } from '../../domain/federation/ports.ts';
import { auditEntry, ifChanged } from './audit-entry.ts';
import type { Db } from './db.ts';
import { fediverseReactions, fediverseReplies } from './federation-schema.ts';
import { stories } from './schema.ts';

const replyColumns = {
  reply: fediverseReplies,
  storyTitle: stories.title,
};

function toReply(row: { reply: typeof fediverseReplies.$inferSelect; storyTitle: string }): FediverseReply {
  const { reply } = row;
  return {
    id: reply.id,
    storyId: reply.storyId,
    storyTitle: row.storyTitle,
    uri: reply.noteUri,
    url: reply.url,
    actor: { uri: reply.actorUri, name: reply.actorName, handle: reply.actorHandle, url: reply.actorUrl },
    host: reply.host,
    content: reply.content,
    publishedAt: reply.publishedAt,
    state: reply.state,
    receivedAt: reply.receivedAt,
  };
}

/** Replies from the fediverse, held for moderation (migrations/0060). */
export class D1FediverseReplies implements ReplyRepository {
  constructor(private readonly db: Db) {}

  async add(reply: NewReply, now: string, maxPendingPerServer: number): Promise<boolean> {
    // Kept only while its server has room in the moderation queue (REMOTE_SERVER_LIMITS), in one statement.
    const inserted = await this.db.$client
      .prepare(
        `INSERT INTO fediverse_replies (story_id, note_uri, url, actor_uri, actor_name, actor_handle, actor_url, host, content, published_at, state, received_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'pending', ?11
         WHERE (SELECT count(*) FROM fediverse_replies WHERE host = ?8 AND state = 'pending') < ?12
         ON CONFLICT DO NOTHING RETURNING id`,
      )
      .bind(
        reply.storyId,
        reply.noteUri,
        reply.url,
        reply.actor.uri,
        reply.actor.name,
        reply.actor.handle,
        reply.actor.url,
        reply.host,
        reply.content,
        reply.publishedAt,
        now,
        maxPendingPerServer,
      )
      .all();
    return inserted.results.length > 0;
  }

  async edit(noteUri: string, actorUri: string, content: string): Promise<void> {
    // An approved reply whose text changed is read again before it shows (SET reads the old values).
    await this.db
      .update(fediverseReplies)
      .set({
        content,
        state: sql`CASE WHEN ${fediverseReplies.state} = 'approved' AND ${fediverseReplies.content} <> ${content} THEN 'pending' ELSE ${fediverseReplies.state} END`,
      })
      .where(and(eq(fediverseReplies.noteUri, noteUri), eq(fediverseReplies.actorUri, actorUri)));
  }

  async remove(noteUri: string, actorUri: string): Promise<void> {
    await this.db.delete(fediverseReplies).where(and(eq(fediverseReplies.noteUri, noteUri), eq(fediverseReplies.actorUri, actorUri)));
  }

  async removeActor(actorUri: string): Promise<void> {
    await this.db.delete(fediverseReplies).where(eq(fediverseReplies.actorUri, actorUri));
  }

  async list(query: ReplyListQuery): Promise<{ items: FediverseReply[]; total: number }> {
    const where = eq(fediverseReplies.state, query.state);
    const [rows, totals] = await Promise.all([
      this.db
        .select(replyColumns)
        .from(fediverseReplies)
        .innerJoin(stories, eq(stories.id, fediverseReplies.storyId))
        .where(where)
        .orderBy(desc(fediverseReplies.receivedAt), desc(fediverseReplies.id))
        .limit(query.limit)
        .offset(query.offset),
      this.db.select({ n: count() }).from(fediverseReplies).where(where),
    ]);
    return { items: rows.map(toReply), total: totals[0]?.n ?? 0 };
  }

  async moderate(
    id: number,
    state: Exclude<ReplyState, 'pending'>,
    by: number,
    now: string,
    audit: readonly AuditEntry[],
  ): Promise<FediverseReply | null> {
    await this.db.batch([
      this.db
        .update(fediverseReplies)
        .set({ state, moderatedBy: by, moderatedAt: now })
        .where(and(eq(fediverseReplies.id, id), ne(fediverseReplies.state, state))),
      ...audit.map((entry) => auditEntry(this.db, entry, now, ifChanged)),
    ]);
    const row = await this.db
      .select(replyColumns)
      .from(fediverseReplies)
      .innerJoin(stories, eq(stories.id, fediverseReplies.storyId))
      .where(eq(fediverseReplies.id, id))
      .get();
    return row ? toReply(row) : null;
  }

  async approved(storyId: number, limit: number): Promise<PublicReply[]> {
    const rows = await this.db
      .select()
      .from(fediverseReplies)
      .where(and(eq(fediverseReplies.storyId, storyId), eq(fediverseReplies.state, 'approved')))
      .orderBy(asc(fediverseReplies.publishedAt), asc(fediverseReplies.id))
      .limit(limit);
    return rows.map((reply) => ({
      id: reply.id,
      uri: reply.noteUri,
      url: reply.url,
      actor: { uri: reply.actorUri, name: reply.actorName, handle: reply.actorHandle, url: reply.actorUrl },
      content: reply.content,
      publishedAt: reply.publishedAt,
    }));
  }

  async counts(storyId: number): Promise<Record<ReplyState, number>> {
    const rows = await this.db
      .select({ state: fediverseReplies.state, n: count() })
      .from(fediverseReplies)
      .where(eq(fediverseReplies.storyId, storyId))
      .groupBy(fediverseReplies.state);
    const counts: Record<ReplyState, number> = { pending: 0, approved: 0, hidden: 0 };
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }
}

/** Likes and boosts of our stories, one per person and kind (migrations/0060). */
export class D1FediverseReactions implements ReactionRepository {
  constructor(private readonly db: Db) {}

  async add(
    reaction: { activityUri: string; storyId: number; kind: ReactionKind; actorUri: string; host: string },
    now: string,
    maxPerServer: number,
  ): Promise<boolean> {
    // Counted only while the story has room for that server's reactions (REMOTE_SERVER_LIMITS), in one statement.
    const inserted = await this.db.$client
      .prepare(
        `INSERT INTO fediverse_reactions (activity_uri, story_id, kind, actor_uri, host, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
         WHERE (SELECT count(*) FROM fediverse_reactions WHERE host = ?5 AND story_id = ?2) < ?7
         ON CONFLICT DO NOTHING RETURNING activity_uri`,
      )
      .bind(reaction.activityUri, reaction.storyId, reaction.kind, reaction.actorUri, reaction.host, now, maxPerServer)
      .all();
    return inserted.results.length > 0;
  }

  async remove(activityUri: string, actorUri: string): Promise<void> {
    await this.db
      .delete(fediverseReactions)
      .where(and(eq(fediverseReactions.activityUri, activityUri), eq(fediverseReactions.actorUri, actorUri)));
  }

  async removeActor(actorUri: string): Promise<void> {
    await this.db.delete(fediverseReactions).where(eq(fediverseReactions.actorUri, actorUri));
  }

  async counts(storyId: number): Promise<{ likes: number; boosts: number }> {
    const row = await this.db
      .select({
        likes: sql<number>`coalesce(sum(${fediverseReactions.kind} = 'like'), 0)`,
        boosts: sql<number>`coalesce(sum(${fediverseReactions.kind} = 'boost'), 0)`,
      })
      .from(fediverseReactions)
      .where(eq(fediverseReactions.storyId, storyId))
      .get();
    return { likes: Number(row?.likes ?? 0), boosts: Number(row?.boosts ?? 0) };
  }
}
