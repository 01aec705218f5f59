import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { Alert } from '../../domain/alerts/alert.ts';
import { FREEZE_CHUNK, RECIPIENTS_PER_BATCH } from '../../domain/alerts/delivery.ts';
import type { AlertRepository, JobFence, NewAlert, PendingRecipient, RoundOutcomes, StartedJob } from '../../domain/alerts/ports.ts';
import type { NewJob } from '../../domain/jobs/job.ts';
import { auditEntry } from './audit-entry.ts';
import { isUniqueViolation, type Db } from './db.ts';
import { jobRowFrom, jobRows } from './job-rows.ts';
import { jobs } from './jobs-schema.ts';
import { pushAlertRecipients, pushAlerts, pushSubscriptions, pushSubscriptionTopics } from './push-schema.ts';

/**
 * Alerts in D1 (migrations/0071, decision 101). Work is done by the fan-out's jobs (decision 065):
 * `alert.audience` (ref `{alert}:{cursor}`) freezes the audience a chunk at a time; `alert.batch`
 * (ref `{alert}:{batch}`) pushes one batch of recipients. Refs are made from what they work on, so a
 * step repeated after a crash makes the same jobs, which the ledger keeps once.
 */
const audienceRef = (alertId: number, cursor: number) => `${alertId}:${cursor}`;
const batchRef = (alertId: number, batch: number) => `${alertId}:${batch}`;
const newJob = (kind: NewJob['kind'], ref: string): NewJob => ({ id: crypto.randomUUID(), kind, ref });
const started = (rows: readonly StartedJob[]): StartedJob[] => rows.map(({ id, kind }) => ({ id, kind }));

/** The alert as a whole, when its audience is frozen to the end and every recipient has an outcome. */
const finished = sql`${pushAlerts.frozenThrough} = ${pushAlerts.audienceThrough} AND ${pushAlerts.delivered} + ${pushAlerts.failed} + ${pushAlerts.removed} = ${pushAlerts.recipients}`;

type AlertRow = typeof pushAlerts.$inferSelect;

/** The alert as the domain knows it: its fan-out's bookkeeping (audience bound, cursor, batches) stays here. */
function toAlert(row: AlertRow): Alert {
  const { id, storyId, topic, title, body, url, icon, contact, state, recipients, delivered, failed, removed, createdAt, finishedAt } = row;
  return { id, storyId, topic, title, body, url, icon, contact, state, recipients, delivered, failed, removed, createdAt, finishedAt };
}

export class D1AlertRepository implements AlertRepository {
  constructor(private readonly db: Db) {}

  async create(
    alert: NewAlert,
    now: string,
    audit: readonly AuditEntry[],
  ): Promise<{ created: Alert; jobs: StartedJob[] } | { existing: number }> {
    try {
      const [created, firstJob] = await this.db.batch([
        this.db
          .insert(pushAlerts)
          .values({
            ...alert,
            state: 'queued',
            // The audience: every subscription there is now (the topic is applied as it is frozen).
            audienceThrough: sql`(SELECT coalesce(max(${pushSubscriptions.id}), 0) FROM ${pushSubscriptions})`,
            createdAt: now,
          })
          .returning(),
        jobRowFrom(this.db, { id: crypto.randomUUID(), kind: 'alert.audience' }, sql`last_insert_rowid() || ':0'`, now),
        ...audit.map((entry) => auditEntry(this.db, entry, now)),
      ]);
      return { created: toAlert(created[0]!), jobs: started(firstJob) };
    } catch (error) {
      if (!isUniqueViolation(error, 'push_alerts')) throw error;
      const existing = await this.db
        .select({ id: pushAlerts.id })
        .from(pushAlerts)
        .where(and(eq(pushAlerts.storyId, alert.storyId), eq(pushAlerts.topic, alert.topic)))
        .get();
      if (!existing) throw error;
      return { existing: existing.id };
    }
  }

  async findById(id: number): Promise<Alert | null> {
    const row = await this.row(id);
    return row ? toAlert(row) : null;
  }

  async listForStory(storyId: number): Promise<Alert[]> {
    return (await this.db.select().from(pushAlerts).where(eq(pushAlerts.storyId, storyId)).orderBy(desc(pushAlerts.id)).all()).map(toAlert);
  }

  private async row(id: number): Promise<AlertRow | undefined> {
    return this.db.select().from(pushAlerts).where(eq(pushAlerts.id, id)).get();
  }

  async freezeChunk(alertId: number, cursor: number, now: string): Promise<StartedJob[]> {
    const alert = await this.row(alertId);
    if (!alert || alert.frozenThrough !== cursor || (alert.state !== 'queued' && alert.state !== 'sending')) return [];
    const ids = (
      await this.db
        .select({ id: pushSubscriptionTopics.subscriptionId })
        .from(pushSubscriptionTopics)
        .where(
          and(
            eq(pushSubscriptionTopics.topic, alert.topic),
            sql`${pushSubscriptionTopics.subscriptionId} > ${cursor}`,
            sql`${pushSubscriptionTopics.subscriptionId} <= ${alert.audienceThrough}`,
          ),
        )
        .orderBy(pushSubscriptionTopics.subscriptionId)
        .limit(FREEZE_CHUNK)
        .all()
    ).map((row) => row.id);
    const last = ids.length < FREEZE_CHUNK ? alert.audienceThrough : ids[ids.length - 1]!;
    const newBatches = Math.ceil(ids.length / RECIPIENTS_PER_BATCH);
    const batchJobs = Array.from({ length: newBatches }, (_, i) => newJob('alert.batch', batchRef(alertId, alert.batches + i)));
    const nextChunk = last < alert.audienceThrough ? [newJob('alert.audience', audienceRef(alertId, last))] : [];
    // Only while the chunk after `cursor` is not frozen yet: a repeated run writes nothing twice.
    const unfrozen = and(eq(pushAlerts.id, alertId), eq(pushAlerts.frozenThrough, cursor));
    const done = last === alert.audienceThrough;
    const [, , ...created] = await this.db.batch([
      // The chunk's ids as one JSON value (D1 binds at most 100 values), each in batch base + its index / 100
      // (an integer division: D1 binds numbers as reals, so the divisor is written in the statement).
      this.db.insert(pushAlertRecipients).select(
        sql`SELECT ${alertId}, value, CAST(${alert.batches} + key / ${sql.raw(String(RECIPIENTS_PER_BATCH))} AS INTEGER), 'pending', 0, NULL FROM json_each(${JSON.stringify(ids)})
            WHERE EXISTS (SELECT 1 FROM ${pushAlerts} WHERE ${unfrozen})`,
      ),
      this.db
        .update(pushAlerts)
        .set({
          frozenThrough: last,
          batches: sql`${pushAlerts.batches} + ${newBatches}`,
          recipients: sql`${pushAlerts.recipients} + ${ids.length}`,
          // An audience of nobody (or one whose every push is done already) is sent once it is frozen.
          state: sql`CASE WHEN ${done ? 1 : 0} AND ${pushAlerts.delivered} + ${pushAlerts.failed} + ${pushAlerts.removed} = ${pushAlerts.recipients} + ${ids.length} THEN 'sent' ELSE 'sending' END`,
          finishedAt: sql`CASE WHEN ${done ? 1 : 0} AND ${pushAlerts.delivered} + ${pushAlerts.failed} + ${pushAlerts.removed} = ${pushAlerts.recipients} + ${ids.length} THEN ${now} END`,
        })
        .where(unfrozen),
      ...jobRows(this.db, [...batchJobs, ...nextChunk], now),
    ]);
    return started(created.flat());
  }

  async pendingBatch(alertId: number, batch: number): Promise<{ alert: Alert; recipients: PendingRecipient[] } | null> {
    const alert = await this.findById(alertId);
    if (!alert) return null;
    const rows = await this.db
      .select({
        subscriptionId: pushAlertRecipients.subscriptionId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        refusals: pushSubscriptions.refusals,
      })
      .from(pushAlertRecipients)
      .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, pushAlertRecipients.subscriptionId))
      .where(and(eq(pushAlertRecipients.alertId, alertId), eq(pushAlertRecipients.batch, batch), eq(pushAlertRecipients.state, 'pending')))
      .all();
    return {
      alert,
      recipients: rows.map(({ subscriptionId, endpoint, p256dh, auth, refusals }) => ({
        subscriptionId,
        target: endpoint !== null && p256dh !== null && auth !== null ? { endpoint, p256dh, auth } : null,
        refusals: refusals ?? 0,
      })),
    };
  }

  async endStale(startedBefore: string, now: string): Promise<number> {
    const stale = and(sql`${pushAlerts.state} != 'sent'`, sql`${pushAlerts.createdAt} < ${startedBefore}`);
    const [, , ended] = await this.db.batch([
      // Counted before they change: the alert's figures still add up to its recipients.
      this.db
        .update(pushAlerts)
        .set({
          failed: sql`${pushAlerts.failed} + (SELECT count(*) FROM ${pushAlertRecipients} WHERE ${pushAlertRecipients.alertId} = ${pushAlerts.id} AND ${pushAlertRecipients.state} = 'pending')`,
        })
        .where(stale),
      this.db
        .update(pushAlertRecipients)
        .set({ state: 'failed' })
        .where(
          and(
            eq(pushAlertRecipients.state, 'pending'),
            sql`${pushAlertRecipients.alertId} IN (SELECT ${pushAlerts.id} FROM ${pushAlerts} WHERE ${stale})`,
          ),
        ),
      this.db
        .update(pushAlerts)
        .set({ state: 'sent', finishedAt: now, frozenThrough: sql`${pushAlerts.audienceThrough}` })
        .where(stale)
        .returning({ id: pushAlerts.id }),
    ]);
    return ended.length;
  }

  async recordRound(alertId: number, outcomes: RoundOutcomes, fence: JobFence, now: string): Promise<boolean> {
    // Every statement applies only while this run still holds the batch's job (its attempt is the fence).
    const held = sql`EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.id} = ${fence.id} AND ${jobs.state} = 'running' AND ${jobs.attempts} = ${fence.attempt})`;
    const groups = new Map<string, { state: 'delivered' | 'failed' | 'removed' | 'pending'; status: number | null; ids: number[] }>();
    const add = (state: 'delivered' | 'failed' | 'removed' | 'pending', status: number | null, id: number) => {
      const key = `${state} ${status}`;
      const group = groups.get(key) ?? { state, status, ids: [] };
      group.ids.push(id);
      groups.set(key, group);
    };
    for (const { subscriptionId, status } of outcomes.delivered) add('delivered', status, subscriptionId);
    for (const { subscriptionId, status } of outcomes.gone) add('removed', status, subscriptionId);
    for (const subscriptionId of outcomes.unsubscribed) add('removed', null, subscriptionId);
    for (const { subscriptionId, status } of outcomes.failed) add('failed', status, subscriptionId);
    for (const { subscriptionId, status } of outcomes.retry) add('pending', status, subscriptionId);
    const gone = outcomes.gone.map((recipient) => recipient.subscriptionId);
    const delivered = outcomes.delivered.map((recipient) => recipient.subscriptionId);
    // A refusal counts once per alert (a subscription is in an alert once); a delivery clears the count.
    const refusalCounts = [
      ...(outcomes.refused.length > 0
        ? [
            this.db
              .update(pushSubscriptions)
              .set({ refusals: sql`${pushSubscriptions.refusals} + 1` })
              .where(and(sql`${pushSubscriptions.id} IN (SELECT value FROM json_each(${JSON.stringify(outcomes.refused)}))`, held)),
          ]
        : []),
      ...(delivered.length > 0
        ? [
            this.db
              .update(pushSubscriptions)
              .set({ refusals: 0 })
              .where(
                and(
                  sql`${pushSubscriptions.id} IN (SELECT value FROM json_each(${JSON.stringify(delivered)}))`,
                  sql`${pushSubscriptions.refusals} > 0`,
                  held,
                ),
              ),
          ]
        : []),
    ];

    const [fenced, ...rest] = [
      this.db
        .update(pushAlerts)
        .set({
          delivered: sql`${pushAlerts.delivered} + ${outcomes.delivered.length}`,
          failed: sql`${pushAlerts.failed} + ${outcomes.failed.length}`,
          removed: sql`${pushAlerts.removed} + ${outcomes.gone.length + outcomes.unsubscribed.length}`,
        })
        .where(and(eq(pushAlerts.id, alertId), held))
        .returning({ id: pushAlerts.id }),
      ...[...groups.values()].map((group) =>
        this.db
          .update(pushAlertRecipients)
          .set({ state: group.state, attempts: sql`${pushAlertRecipients.attempts} + 1`, lastStatus: group.status })
          .where(
            and(
              eq(pushAlertRecipients.alertId, alertId),
              eq(pushAlertRecipients.state, 'pending'),
              sql`${pushAlertRecipients.subscriptionId} IN (SELECT value FROM json_each(${JSON.stringify(group.ids)}))`,
              held,
            ),
          ),
      ),
      ...refusalCounts,
      ...(gone.length > 0
        ? [
            this.db
              .delete(pushSubscriptions)
              .where(and(sql`${pushSubscriptions.id} IN (SELECT value FROM json_each(${JSON.stringify(gone)}))`, held)),
          ]
        : []),
      this.db
        .update(pushAlerts)
        .set({ state: 'sent', finishedAt: now })
        .where(and(eq(pushAlerts.id, alertId), eq(pushAlerts.state, 'sending'), finished, held)),
    ];
    const [applied] = await this.db.batch([fenced!, ...rest]);
    return applied.length > 0;
  }

  async forgetRecipients(finishedBefore: string, limit: number): Promise<number> {
    // One alert at a time, a slice of its batches at a time (the (alert_id, batch) index), so one
    // run's delete stays small however large an audience was.
    const oldest = await this.db
      .select({ alertId: pushAlertRecipients.alertId, firstBatch: sql<number>`min(${pushAlertRecipients.batch})` })
      .from(pushAlertRecipients)
      .where(
        eq(
          pushAlertRecipients.alertId,
          sql`(SELECT ${pushAlerts.id} FROM ${pushAlerts} WHERE ${pushAlerts.state} = 'sent' AND ${pushAlerts.finishedAt} < ${finishedBefore}
               AND EXISTS (SELECT 1 FROM ${pushAlertRecipients} WHERE ${pushAlertRecipients.alertId} = ${pushAlerts.id})
               ORDER BY ${pushAlerts.id} LIMIT 1)`,
        ),
      )
      .groupBy(pushAlertRecipients.alertId);
    const target = oldest[0];
    if (!target) return 0;
    const batches = Math.max(1, Math.floor(limit / RECIPIENTS_PER_BATCH));
    const result = await this.db
      .delete(pushAlertRecipients)
      .where(and(eq(pushAlertRecipients.alertId, target.alertId), sql`${pushAlertRecipients.batch} < ${target.firstBatch + batches}`));
    return result.meta.changes ?? 0;
  }
}
