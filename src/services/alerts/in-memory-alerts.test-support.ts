import type { Alert, AlertMessage } from '../../domain/alerts/alert.ts';
import type { PushResult } from '../../domain/alerts/delivery.ts';
import type {
  AlertRepository,
  JobFence,
  NewAlert,
  PendingRecipient,
  PushKeys,
  PushOptions,
  PushSender,
  PushSubscriptionRepository,
  PushTarget,
  RoundOutcomes,
  StartedJob,
} from '../../domain/alerts/ports.ts';
import type { TopicKey } from '../../domain/alerts/topics.ts';

/**
 * The alerts' ports in memory, for the services' fast tests (the D1 repositories are tested against
 * D1 in tests/api/alerts.test.ts and alert-audience.test.ts). The fence is a held job id and attempt.
 */
export class InMemoryAlerts implements AlertRepository {
  readonly alerts: Alert[] = [];
  readonly recipients = new Map<string, { alertId: number; batch: number; state: string; target: PushTarget | null }>();
  /** The job run that holds each batch job, as the ledger would say. */
  readonly held = new Set<string>();
  /** Refusals running per subscription id, as push_subscriptions.refusals. */
  readonly refusals = new Map<number, number>();

  async create(alert: NewAlert, now: string): Promise<{ created: Alert; jobs: StartedJob[] } | { existing: number }> {
    const existing = this.alerts.find((a) => a.storyId === alert.storyId && a.topic === alert.topic);
    if (existing) return { existing: existing.id };
    const created: Alert = {
      ...alert,
      id: this.alerts.length + 1,
      state: 'queued',
      recipients: 0,
      delivered: 0,
      failed: 0,
      removed: 0,
      createdAt: now,
      finishedAt: null,
    };
    this.alerts.push(created);
    return { created, jobs: [{ id: `audience-${created.id}`, kind: 'alert.audience' }] };
  }

  async findById(id: number) {
    return this.alerts.find((alert) => alert.id === id) ?? null;
  }

  async listForStory(storyId: number) {
    return this.alerts.filter((alert) => alert.storyId === storyId).reverse();
  }

  async freezeChunk(): Promise<StartedJob[]> {
    return [];
  }

  /** Puts recipients into an alert's batch, as freezing would. */
  addRecipients(alertId: number, batch: number, targets: { subscriptionId: number; target: PushTarget | null }[]) {
    for (const { subscriptionId, target } of targets)
      this.recipients.set(`${alertId}:${subscriptionId}`, { alertId, batch, state: 'pending', target });
    const alert = this.alerts.find((a) => a.id === alertId)!;
    Object.assign(alert, { state: 'sending', recipients: alert.recipients + targets.length });
  }

  async pendingBatch(alertId: number, batch: number): Promise<{ alert: Alert; recipients: PendingRecipient[] } | null> {
    const alert = await this.findById(alertId);
    if (!alert) return null;
    const recipients = [...this.recipients.entries()]
      .filter(([, r]) => r.alertId === alertId && r.batch === batch && r.state === 'pending')
      .map(([key, r]) => ({
        subscriptionId: Number(key.split(':')[1]),
        target: r.target,
        refusals: this.refusals.get(Number(key.split(':')[1])) ?? 0,
      }));
    return { alert, recipients };
  }

  async endStale(): Promise<number> {
    return 0;
  }

  async forgetRecipients(): Promise<number> {
    return 0;
  }

  async recordRound(alertId: number, outcomes: RoundOutcomes, fence: JobFence, now: string): Promise<boolean> {
    if (!this.held.has(`${fence.id}#${fence.attempt}`)) return false;
    const set = (id: number, state: string) => (this.recipients.get(`${alertId}:${id}`)!.state = state);
    outcomes.delivered.forEach((r) => set(r.subscriptionId, 'delivered'));
    outcomes.gone.forEach((r) => set(r.subscriptionId, 'removed'));
    outcomes.unsubscribed.forEach((id) => set(id, 'removed'));
    outcomes.failed.forEach((r) => set(r.subscriptionId, 'failed'));
    outcomes.delivered.forEach((r) => this.refusals.delete(r.subscriptionId));
    outcomes.refused.forEach((id) => this.refusals.set(id, (this.refusals.get(id) ?? 0) + 1));
    outcomes.gone.forEach((r) => this.refusals.delete(r.subscriptionId));
    const alert = (await this.findById(alertId))!;
    alert.delivered += outcomes.delivered.length;
    alert.failed += outcomes.failed.length;
    alert.removed += outcomes.gone.length + outcomes.unsubscribed.length;
    if (alert.delivered + alert.failed + alert.removed === alert.recipients) Object.assign(alert, { state: 'sent', finishedAt: now });
    return true;
  }
}

/** A push service that answers each endpoint as told (201 by default), and keeps what it was sent. */
export class ScriptedPush implements PushSender, PushKeys {
  readonly sent: { target: PushTarget; message: AlertMessage; options: PushOptions }[] = [];
  readonly answers = new Map<string, PushResult[]>();
  publicKey: string | null = 'BPUBLIC';

  async send(target: PushTarget, message: AlertMessage, options: PushOptions): Promise<PushResult> {
    this.sent.push({ target, message, options });
    return this.answers.get(target.endpoint)?.shift() ?? { kind: 'delivered', status: 201 };
  }

  async isP256PublicKey(p256dh: string): Promise<boolean> {
    return p256dh.startsWith('B') && p256dh.length === 87;
  }
}

export class InMemoryPushSubscriptions implements PushSubscriptionRepository {
  readonly rows = new Map<string, { id: number; target: PushTarget; topics: readonly TopicKey[] }>();

  async save(target: PushTarget, topics: readonly TopicKey[]) {
    const id = this.rows.get(target.endpoint)?.id ?? this.rows.size + 1;
    this.rows.set(target.endpoint, { id, target, topics });
    return { id };
  }

  async removeByEndpoint(endpoint: string) {
    return this.rows.delete(endpoint);
  }
}
