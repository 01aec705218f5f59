import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { INBOXES_PER_BATCH, type DeliveryVerdict } from '../../domain/federation/delivery.ts';
import type { ObjectKind } from '../../domain/federation/objects.ts';
import type {
  ActivityDeliveries,
  DeliveryJob,
  DeliveryOutcome,
  FederationOutbox,
  ObjectRecord,
  OutgoingActivity,
  PendingChange,
  PendingDelivery,
} from '../../domain/federation/ports.ts';
import type { SentObject } from '../../domain/federation/sync.ts';
import type { JobKind } from '../../domain/jobs/job.ts';
import type { Db } from './db.ts';
import { fediverseActivities, fediverseChanges, fediverseDeliveries, fediverseObjects } from './federation-schema.ts';

/** The fan-out's job kind for one batch of one activity's inboxes (decision 065). */
export const DELIVERY_JOB_KIND = 'federation.delivery' satisfies JobKind;

const STATE_OF: Record<DeliveryVerdict, string> = { delivered: 'delivered', gone: 'gone', rejected: 'failed', retry: 'pending' };

/**
 * The statements that freeze one activity's audience into deliveries and their jobs, for the batch
 * that records the activity (decision 065): the inboxes (one row per inbox, however many followers
 * share it) are numbered into batches of INBOXES_PER_BATCH by host, and each batch gets a job. All
 * of it happens only if the statement just before changed a row (`guard` 'changes': the object's
 * change was recorded), or if another activity of the same batch was written (`after` its id).
 */
export type FanOutGuard = 'always' | 'changes' | { after: string };

export function fanOutStatements(d1: D1Database, activity: OutgoingActivity, now: string, guard: FanOutGuard): D1PreparedStatement[] {
  const condition =
    guard === 'always' ? '1' : guard === 'changes' ? 'changes() > 0' : 'EXISTS (SELECT 1 FROM fediverse_activities WHERE id = ?7)';
  const exists = 'EXISTS (SELECT 1 FROM fediverse_activities WHERE id = ?1)';
  const audience =
    'followersOf' in activity.audience
      ? d1
          .prepare(
            // An integer in the text: D1 binds numbers as reals, and the batch number must be a whole one.
            `INSERT INTO fediverse_deliveries (activity_id, inbox, host, batch)
             SELECT ?1, inbox, host, (ROW_NUMBER() OVER (ORDER BY host, inbox) - 1) / ${Math.trunc(INBOXES_PER_BATCH)}
             FROM (SELECT DISTINCT inbox, host FROM fediverse_followers WHERE account IN (SELECT value FROM json_each(?2)))
             WHERE ${exists}`,
          )
          .bind(activity.id, JSON.stringify(activity.audience.followersOf))
      : d1
          .prepare(`INSERT INTO fediverse_deliveries (activity_id, inbox, host, batch) SELECT ?1, ?2, ?3, 0 WHERE ${exists}`)
          .bind(activity.id, activity.audience.inbox, activity.audience.host);
  return [
    d1
      .prepare(
        `INSERT INTO fediverse_activities (id, account, type, story_id, body, inboxes, created_at) SELECT ?1, ?2, ?3, ?4, ?5, 0, ?6 WHERE ${condition}`,
      )
      .bind(
        activity.id,
        activity.account,
        activity.type,
        activity.storyId,
        activity.body,
        now,
        ...(typeof guard === 'object' ? [guard.after] : []),
      ),
    audience,
    d1
      .prepare('UPDATE fediverse_activities SET inboxes = (SELECT count(*) FROM fediverse_deliveries WHERE activity_id = ?1) WHERE id = ?1')
      .bind(activity.id),
    d1
      .prepare(
        `INSERT INTO jobs (id, kind, ref, state, attempts, run_after, created_at)
         SELECT 'fed:' || ?1 || ':' || batch, ?2, ?1 || ':' || batch, 'pending', 0, ?3, ?3
         FROM (SELECT DISTINCT batch FROM fediverse_deliveries WHERE activity_id = ?1) WHERE true
         ON CONFLICT (kind, ref) DO NOTHING RETURNING id`,
      )
      .bind(activity.id, DELIVERY_JOB_KIND, now),
  ];
}

/** The job ids the fan-out statements' results name. */
export function createdJobs(results: readonly D1Result[]): DeliveryJob[] {
  return results.flatMap((result) =>
    (result.results as { id?: unknown }[]).flatMap((row) => (typeof row.id === 'string' ? [{ jobId: row.id }] : [])),
  );
}

/** What followers were sent, what changed since, and every activity's deliveries (migrations/0060). */
export class D1FediverseOutbox implements FederationOutbox {
  constructor(private readonly db: Db) {}

  async pendingChanges(limit: number): Promise<PendingChange[]> {
    return this.db
      .select({ kind: fediverseChanges.kind, ref: fediverseChanges.ref, n: fediverseChanges.n })
      .from(fediverseChanges)
      .orderBy(asc(fediverseChanges.changedAt))
      .limit(limit);
  }

  async finishChange(change: PendingChange): Promise<void> {
    await this.db
      .delete(fediverseChanges)
      .where(and(eq(fediverseChanges.kind, change.kind), eq(fediverseChanges.ref, change.ref), eq(fediverseChanges.n, change.n)));
  }

  async sent(kind: ObjectKind, ref: number): Promise<SentObject | null> {
    const row = await this.db
      .select({
        generation: fediverseObjects.generation,
        state: fediverseObjects.state,
        fingerprint: fediverseObjects.fingerprint,
        seq: fediverseObjects.seq,
        account: fediverseObjects.account,
      })
      .from(fediverseObjects)
      .where(and(eq(fediverseObjects.kind, kind), eq(fediverseObjects.ref, ref)))
      .get();
    return row ?? null;
  }

  async storyOf(kind: ObjectKind, ref: number): Promise<number | null> {
    const row = await this.db
      .select({ storyId: fediverseObjects.storyId })
      .from(fediverseObjects)
      .where(and(eq(fediverseObjects.kind, kind), eq(fediverseObjects.ref, ref)))
      .get();
    return row?.storyId ?? null;
  }

  async generations(kind: ObjectKind, refs: readonly number[]): Promise<Map<number, { generation: number; state: 'live' | 'deleted' }>> {
    const found = new Map<number, { generation: number; state: 'live' | 'deleted' }>();
    if (refs.length === 0) return found;
    const rows = await this.db
      .select({ ref: fediverseObjects.ref, generation: fediverseObjects.generation, state: fediverseObjects.state })
      .from(fediverseObjects)
      .where(and(eq(fediverseObjects.kind, kind), inArray(fediverseObjects.ref, [...refs])));
    for (const row of rows) found.set(row.ref, { generation: row.generation, state: row.state });
    return found;
  }

  async record(
    object: ObjectRecord,
    expected: SentObject | null,
    activities: readonly OutgoingActivity[],
    now: string,
  ): Promise<DeliveryJob[] | null> {
    const d1 = this.db.$client;
    const claim =
      expected === null
        ? d1
            .prepare(
              `INSERT INTO fediverse_objects (kind, ref, story_id, account, generation, state, fingerprint, seq, updated_at)
               VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?8) ON CONFLICT (kind, ref) DO NOTHING`,
            )
            .bind(object.kind, object.ref, object.storyId, object.account, object.generation, object.state, object.fingerprint, now)
        : d1
            .prepare(
              `UPDATE fediverse_objects SET account = ?3, generation = ?4, state = ?5, fingerprint = ?6, seq = seq + 1, updated_at = ?7
               WHERE kind = ?1 AND ref = ?2 AND seq = ?8`,
            )
            .bind(object.kind, object.ref, object.account, object.generation, object.state, object.fingerprint, now, expected.seq);
    const [first] = activities;
    if (!first) return (await claim.run()).meta.changes > 0 ? [] : null;
    const statements = [claim];
    for (const activity of activities) {
      // The first activity is written only if the claim just before it changed a row; the others only if the first was.
      statements.push(...fanOutStatements(d1, activity, now, activity === first ? 'changes' : { after: first.id }));
    }
    const results = await d1.batch(statements);
    if ((results[1]?.meta.changes ?? 0) === 0) return null;
    return createdJobs(results);
  }

  async batch(activityId: string, batch: number): Promise<{ account: string; body: string; deliveries: PendingDelivery[] } | null> {
    const [activity, deliveries] = await Promise.all([
      this.db
        .select({ account: fediverseActivities.account, body: fediverseActivities.body })
        .from(fediverseActivities)
        .where(eq(fediverseActivities.id, activityId))
        .get(),
      this.db
        .select({ inbox: fediverseDeliveries.inbox, host: fediverseDeliveries.host, attempts: fediverseDeliveries.attempts })
        .from(fediverseDeliveries)
        .where(
          and(
            eq(fediverseDeliveries.activityId, activityId),
            eq(fediverseDeliveries.batch, batch),
            eq(fediverseDeliveries.state, 'pending'),
          ),
        ),
    ]);
    return activity ? { ...activity, deliveries } : null;
  }

  async recordOutcomes(activityId: string, outcomes: readonly DeliveryOutcome[], now: string): Promise<void> {
    if (outcomes.length === 0) return;
    const json = JSON.stringify(
      outcomes.map((outcome) => ({ inbox: outcome.inbox, state: STATE_OF[outcome.verdict], status: outcome.status, error: outcome.error })),
    );
    const d1 = this.db.$client;
    // Two statements for the whole batch, however many inboxes: what each answered, and the followers of inboxes that are gone.
    await d1.batch([
      d1
        .prepare(
          `UPDATE fediverse_deliveries AS d
           SET state = o.state, attempts = d.attempts + 1, last_status = o.status, last_error = o.error,
               delivered_at = CASE WHEN o.state = 'delivered' THEN ?3 ELSE d.delivered_at END
           FROM (SELECT value ->> 'inbox' AS inbox, value ->> 'state' AS state, value ->> 'status' AS status, value ->> 'error' AS error
                 FROM json_each(?2)) AS o
           WHERE d.activity_id = ?1 AND d.inbox = o.inbox AND d.state = 'pending'`,
        )
        .bind(activityId, json, now),
      d1
        .prepare(
          `DELETE FROM fediverse_followers WHERE inbox IN (SELECT value ->> 'inbox' FROM json_each(?1) WHERE value ->> 'state' = 'gone')`,
        )
        .bind(json),
    ]);
  }

  async giveUp(activityId: string, batch: number, error: string): Promise<void> {
    await this.db
      .update(fediverseDeliveries)
      .set({ state: 'failed', lastError: error.slice(0, 300) })
      .where(
        and(eq(fediverseDeliveries.activityId, activityId), eq(fediverseDeliveries.batch, batch), eq(fediverseDeliveries.state, 'pending')),
      );
  }

  async forStory(storyId: number, limit: number): Promise<ActivityDeliveries[]> {
    const d1 = this.db.$client;
    const { results } = await d1
      .prepare(
        `SELECT a.id, a.type, a.account, a.created_at AS createdAt, a.inboxes,
                (SELECT count(*) FROM fediverse_deliveries d WHERE d.activity_id = a.id AND d.state = 'delivered') AS delivered,
                (SELECT count(*) FROM fediverse_deliveries d WHERE d.activity_id = a.id AND d.state = 'pending') AS pending,
                (SELECT count(*) FROM fediverse_deliveries d WHERE d.activity_id = a.id AND d.state = 'failed') AS failed,
                (SELECT count(*) FROM fediverse_deliveries d WHERE d.activity_id = a.id AND d.state = 'gone') AS gone,
                (SELECT json_group_array(json_object('host', p.host, 'status', p.last_status, 'error', p.last_error, 'state', p.state))
                   FROM (SELECT host, last_status, last_error, state FROM fediverse_deliveries d
                         WHERE d.activity_id = a.id AND d.state != 'delivered' AND (d.last_status IS NOT NULL OR d.last_error IS NOT NULL)
                         LIMIT 5) p) AS problems
         FROM fediverse_activities a WHERE a.story_id = ?1 AND a.type != 'Accept'
         ORDER BY a.created_at DESC, a.id LIMIT ?2`,
      )
      .bind(storyId, limit)
      .all<Omit<ActivityDeliveries, 'problems'> & { problems: string }>();
    return results.map((row) => ({ ...row, problems: JSON.parse(row.problems) as ActivityDeliveries['problems'] }));
  }

  async prune(before: string): Promise<number> {
    const gone = await this.db
      .delete(fediverseActivities)
      .where(lt(fediverseActivities.createdAt, before))
      .returning({ id: fediverseActivities.id });
    return gone.length;
  }
}
