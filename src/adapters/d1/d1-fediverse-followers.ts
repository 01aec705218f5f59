import { and, count, eq } from 'drizzle-orm';
import type { DeliveryJob, FollowerRepository, NewFollower, OutgoingActivity } from '../../domain/federation/ports.ts';
import { hostOf } from '../../domain/federation/remote-address.ts';
import type { Db } from './db.ts';
import { createdJobs, fanOutStatements } from './d1-fediverse-outbox.ts';
import { fediverseFollowers } from './federation-schema.ts';

/** Who follows the newsroom and its reporters (migrations/0060). */
export class D1FediverseFollowers implements FollowerRepository {
  constructor(private readonly db: Db) {}

  async add(follower: NewFollower, accept: OutgoingActivity, now: string): Promise<DeliveryJob[]> {
    const row = {
      account: follower.account,
      actorUri: follower.actor.uri,
      inbox: follower.inbox,
      host: follower.host,
      actorHost: hostOf(follower.actor.uri),
      handle: follower.actor.handle,
      name: follower.actor.name,
      followUri: follower.followUri,
      createdAt: now,
    };
    const d1 = this.db.$client;
    // The follower and the Accept (with its delivery and job) are written together: a follow is never
    // recorded without its answer on the way, nor answered without being recorded.
    const results = await d1.batch([this.upsertStatement(row), ...fanOutStatements(d1, accept, now, 'always')]);
    return createdJobs(results);
  }

  private upsertStatement(row: typeof fediverseFollowers.$inferInsert): D1PreparedStatement {
    return this.db.$client
      .prepare(
        `INSERT INTO fediverse_followers (account, actor_uri, inbox, host, actor_host, handle, name, follow_uri, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (account, actor_uri) DO UPDATE SET inbox = excluded.inbox, host = excluded.host, actor_host = excluded.actor_host,
           handle = excluded.handle, name = excluded.name, follow_uri = excluded.follow_uri`,
      )
      .bind(
        row.account,
        row.actorUri,
        row.inbox,
        row.host,
        row.actorHost,
        row.handle ?? null,
        row.name ?? null,
        row.followUri ?? null,
        row.createdAt,
      );
  }

  async remove(account: string, actorUri: string): Promise<boolean> {
    const gone = await this.db
      .delete(fediverseFollowers)
      .where(and(eq(fediverseFollowers.account, account), eq(fediverseFollowers.actorUri, actorUri)))
      .returning({ id: fediverseFollowers.id });
    return gone.length > 0;
  }

  async removeActor(actorUri: string): Promise<void> {
    await this.db.delete(fediverseFollowers).where(eq(fediverseFollowers.actorUri, actorUri));
  }

  async count(account: string): Promise<number> {
    const row = await this.db.select({ n: count() }).from(fediverseFollowers).where(eq(fediverseFollowers.account, account)).get();
    return row?.n ?? 0;
  }
}
