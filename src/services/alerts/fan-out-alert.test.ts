import { describe, expect, it } from 'vitest';
import { ALERT_TTL_SECONDS } from '../../domain/alerts/delivery.ts';
import { JOB_POLICIES } from '../../domain/jobs/job.ts';
import { deliverAlertBatch } from './fan-out-alert.ts';
import { InMemoryAlerts, ScriptedPush } from './in-memory-alerts.test-support.ts';

const T0 = '2026-11-27T10:00:00.000Z';
const target = (n: number) => ({ endpoint: `https://push.example.org/${n}`, p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' });

async function setUp(count: number, now = T0) {
  const alerts = new InMemoryAlerts();
  const push = new ScriptedPush();
  const { created } = (await alerts.create(
    {
      storyId: 7,
      topic: 'breaking',
      title: 'Levee breach',
      body: 'Leave now.',
      url: 'https://n.example/story/levee',
      icon: 'https://n.example/i.png',
      contact: 'mailto:desk@n.example',
      sentBy: 1,
    },
    T0,
  )) as { created: { id: number } };
  alerts.addRecipients(
    created.id,
    0,
    Array.from({ length: count }, (_, i) => ({ subscriptionId: i + 1, target: target(i + 1) })),
  );
  alerts.held.add('job-1#1');
  let clock = now;
  return { alerts, push, alertId: created.id, deps: { alerts, push, clock: { now: () => clock } }, setNow: (iso: string) => (clock = iso) };
}

describe('delivering a batch of an alert', () => {
  it('pushes each pending recipient once, urgent, with the topic and TTL, and records it all', async () => {
    const t = await setUp(12);
    expect(await deliverAlertBatch(t.deps, `${t.alertId}:0`, { id: 'job-1', attempt: 1 })).toEqual({ status: 'done' });
    expect(t.push.sent).toHaveLength(12);
    expect(t.push.sent[0]).toMatchObject({
      message: { title: 'Levee breach', body: 'Leave now.', url: 'https://n.example/story/levee', tag: 'story-7' },
      options: { ttlSeconds: ALERT_TTL_SECONDS, urgency: 'high', topic: 'breaking', contact: 'mailto:desk@n.example' },
    });
    expect(await t.alerts.findById(t.alertId)).toMatchObject({ state: 'sent', delivered: 12, finishedAt: T0 });
    // A run repeated after a crash finds nothing pending, and pushes nothing again.
    expect(await deliverAlertBatch(t.deps, `${t.alertId}:0`, { id: 'job-1', attempt: 1 })).toEqual({ status: 'done' });
    expect(t.push.sent).toHaveLength(12);
  });

  it('removes on 404 and 410, fails on 4xx, tries 429, 5xx and no answer again; and skips who turned alerts off', async () => {
    const t = await setUp(5);
    t.push.answers.set(target(1).endpoint, [{ kind: 'gone', status: 410 }]);
    t.push.answers.set(target(2).endpoint, [{ kind: 'failed', status: 403 }]);
    t.push.answers.set(target(3).endpoint, [{ kind: 'retry', status: 429, retryAfterSeconds: 30 }]);
    t.push.answers.set(target(4).endpoint, [{ kind: 'retry', status: null, retryAfterSeconds: null }]);
    t.alerts.recipients.get(`${t.alertId}:5`)!.target = null;
    // The next run waits at least the 30 s the push service asked for.
    expect(await deliverAlertBatch(t.deps, `${t.alertId}:0`, { id: 'job-1', attempt: 1 })).toEqual({
      status: 'retry',
      error: '2 of 5 pushes to try again',
      notBeforeSeconds: 30,
    });
    expect(t.push.sent.map((push) => push.target.endpoint)).not.toContain(target(5).endpoint);
    expect(await t.alerts.findById(t.alertId)).toMatchObject({ state: 'sending', delivered: 0, failed: 1, removed: 2 });

    t.alerts.held.add('job-1#2');
    expect(await deliverAlertBatch(t.deps, `${t.alertId}:0`, { id: 'job-1', attempt: 2 })).toEqual({ status: 'done' });
    expect(t.push.sent).toHaveLength(6);
    expect(await t.alerts.findById(t.alertId)).toMatchObject({ state: 'sent', delivered: 2, failed: 1, removed: 2 });
  });

  it('gives up what is still refused on the batch’s last run, or once the alert is past its TTL', async () => {
    const last = await setUp(1);
    last.push.answers.set(target(1).endpoint, [{ kind: 'retry', status: 503, retryAfterSeconds: null }]);
    const lastAttempt = JOB_POLICIES['alert.batch'].maxAttempts;
    last.alerts.held.add(`job-1#${lastAttempt}`);
    expect(await deliverAlertBatch(last.deps, `${last.alertId}:0`, { id: 'job-1', attempt: lastAttempt })).toEqual({ status: 'done' });
    expect(await last.alerts.findById(last.alertId)).toMatchObject({ state: 'sent', failed: 1 });

    const stale = await setUp(1, new Date(Date.parse(T0) + ALERT_TTL_SECONDS * 1000).toISOString());
    stale.push.answers.set(target(1).endpoint, [{ kind: 'retry', status: 503, retryAfterSeconds: null }]);
    expect(await deliverAlertBatch(stale.deps, `${stale.alertId}:0`, { id: 'job-1', attempt: 1 })).toEqual({ status: 'done' });
    expect(await stale.alerts.findById(stale.alertId)).toMatchObject({ failed: 1 });
  });

  it('writes nothing when another run holds the job now (this one outlived its lease)', async () => {
    const t = await setUp(3);
    expect(await deliverAlertBatch(t.deps, `${t.alertId}:0`, { id: 'job-1', attempt: 7 })).toEqual({ status: 'done' });
    expect(await t.alerts.findById(t.alertId)).toMatchObject({ delivered: 0, state: 'sending' });
  });

  it('pushes at most six at once', async () => {
    const t = await setUp(30);
    let inFlight = 0;
    let most = 0;
    const send = t.push.send.bind(t.push);
    t.push.send = async (...args) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      return send(...args);
    };
    await deliverAlertBatch(t.deps, `${t.alertId}:0`, { id: 'job-1', attempt: 1 });
    expect(most).toBe(6);
  });

  it('fails a job whose ref is not an alert’s', async () => {
    const t = await setUp(1);
    expect(await deliverAlertBatch(t.deps, 'nonsense', { id: 'job-1', attempt: 1 })).toMatchObject({ status: 'failed' });
  });
});
