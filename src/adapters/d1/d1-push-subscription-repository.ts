import { eq, sql } from 'drizzle-orm';
import type { PushSubscriptionRepository, PushTarget } from '../../domain/alerts/ports.ts';
import type { TopicKey } from '../../domain/alerts/topics.ts';
import type { Db } from './db.ts';
import { pushSubscriptions, pushSubscriptionTopics } from './push-schema.ts';

/** Readers' push subscriptions in D1 (migrations/0070): one per endpoint, with the topics it follows. */
export class D1PushSubscriptionRepository implements PushSubscriptionRepository {
  constructor(private readonly db: Db) {}

  async save(subscription: PushTarget, topics: readonly TopicKey[], now: string): Promise<{ id: number }> {
    const { endpoint, p256dh, auth } = subscription;
    const idOfEndpoint = sql`(SELECT ${pushSubscriptions.id} FROM ${pushSubscriptions} WHERE ${pushSubscriptions.endpoint} = ${endpoint})`;
    // One atomic write: the row (new, or the endpoint's with new keys), then exactly these topics.
    const [saved] = await this.db.batch([
      this.db
        .insert(pushSubscriptions)
        .values({ endpoint, p256dh, auth, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh, auth, updatedAt: now } })
        .returning({ id: pushSubscriptions.id }),
      this.db.delete(pushSubscriptionTopics).where(eq(pushSubscriptionTopics.subscriptionId, idOfEndpoint)),
      // One bound value (a JSON array) whatever the number of topics: D1 binds at most 100 per statement.
      // Values in the order of push-schema.ts's columns (topic, subscription_id), which drizzle names in the INSERT.
      this.db.insert(pushSubscriptionTopics).select(sql`SELECT value, ${idOfEndpoint} FROM json_each(${JSON.stringify(topics)})`),
    ]);
    return { id: saved[0]!.id };
  }

  async removeByEndpoint(endpoint: string): Promise<boolean> {
    const removed = await this.db
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
      .returning({ id: pushSubscriptions.id });
    return removed.length > 0;
  }
}
