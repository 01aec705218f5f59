import { and, count, eq } from 'drizzle-orm';
import type { DeliveryJob, FollowerRepository, FollowOutcome, NewFollower, OutgoingActivity } from '../../domain/federation/ports.ts';
import { hostOf } from '../../domain/federation/remote-address.ts';
import type { Db } from './db.ts';
import { createdJobs, fanOutStatements } from './d1-fediverse-outbox.ts';
import { fediverseFollowers } from './federation-schema.ts';

/** Who follows the newsroom and its reporters (migrations/0060). */
export class D1FediverseFollowers implements FollowerRepository {
  constructor(private readonly db: Db) {}

  async add(
    follower: NewFollower,
    accept: OutgoingActivity,
    now: string,
    maxPerServer: number,
  ): Promise<{ outcome: FollowOutcome; jobs: DeliveryJob[] }> {
    const d1 = this.db.$client;
    const values = [
      follower.account,
      follower.actor.uri,
      follower.inbox,
      follower.host,
      hostOf(follower.actor.uri),
      follower.actor.handle,
      follower.actor.name,
      follower.followUri,
      now,
      maxPerServer,
    ];
    // One write: a new follower (while their server has room) with the Accept, its delivery and job
    // (guarded by the insert's change: a follow is never recorded without its answer on the way, nor
    // answered twice); then a repeated Follow's refresh of what the follower's server says of them.
    const results = await d1.batch([
      d1
        .prepare(
          `INSERT INTO fediverse_followers (account, actor_uri, inbox, host, actor_host, handle, name, follow_uri, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
           WHERE NOT EXISTS (SELECT 1 FROM fediverse_followers WHERE account = ?1 AND actor_uri = ?2)
             AND (SELECT count(*) FROM fediverse_followers WHERE actor_host = ?5) < ?10
           ON CONFLICT (account, actor_uri) DO NOTHING`,
        )
        .bind(...values),
      ...fanOutStatements(d1, accept, now, 'changes'),
      d1
        .prepare(
          `UPDATE fediverse_followers SET inbox = ?3, host = ?4, handle = ?6, name = ?7, follow_uri = coalesce(?8, follow_uri)
           WHERE account = ?1 AND actor_uri = ?2`,
        )
        .bind(...values.slice(0, 8)),
    ]);
    const inserted = (results[0]!.meta.changes ?? 0) > 0;
    const present = (results.at(-1)!.meta.changes ?? 0) > 0;
    return { outcome: inserted ? 'new' : present ? 'again' : 'full', jobs: createdJobs(results) };
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
