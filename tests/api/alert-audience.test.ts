import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { FREEZE_CHUNK, RECIPIENTS_PER_BATCH } from '../../src/domain/alerts/delivery.ts';
import { createStory, deps, signUp } from './support/api.ts';

/**
 * An alert's audience frozen at the size the issue names (decision 101): 10,050 subscriptions on the
 * topic walked in chunks of 5,000 into batches of 100, each subscription exactly once, each batch a
 * job, a repeated step writing nothing twice.
 */
const FAKE_KEY = `B${'A'.repeat(86)}`;

async function subscriptions(count: number, topic: string, from: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 + ?2 - 1)
     INSERT INTO push_subscriptions (id, endpoint, p256dh, auth, created_at, updated_at)
     SELECT i, 'https://push.example.org/' || i, ?3, 'AAAAAAAAAAAAAAAAAAAAAA', '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z' FROM n`,
  )
    .bind(from, count, FAKE_KEY)
    .run();
  await env.DB.prepare(
    `INSERT INTO push_subscription_topics (topic, subscription_id) SELECT ?, id FROM push_subscriptions WHERE id BETWEEN ? AND ?`,
  )
    .bind(topic, from, from + count - 1)
    .run();
}

const jobsOf = async (alertId: number) =>
  (
    await env.DB.prepare("SELECT kind, ref FROM jobs WHERE ref LIKE ? AND kind LIKE 'alert.%' ORDER BY created_at, ref")
      .bind(`${alertId}:%`)
      .all<{ kind: string; ref: string }>()
  ).results;

describe('freezing an alert’s audience', () => {
  it('walks 10,050 subscriptions into batches of 100, each exactly once, 5,000 per step, a job per batch', async () => {
    const { user } = await signUp('admin');
    const story = await createStory((await signUp('reporter')).token, { status: 'published' });
    await subscriptions(6_000, 'breaking', 1);
    await subscriptions(50, 'beat:1', 6_001);
    await subscriptions(4_050, 'breaking', 6_051);
    const now = deps.clock.now();
    const created = await deps.alerts.create(
      {
        storyId: story.id,
        topic: 'breaking',
        title: 't',
        body: '',
        url: 'https://x.example/',
        icon: 'https://x.example/i.png',
        contact: 'mailto:a@b.example',
        sentBy: user.id,
      },
      now,
      [],
    );
    if (!('created' in created)) throw new Error('not created');
    const alertId = created.created.id;
    expect(created.jobs).toHaveLength(1);
    // Subscribing after the alert started: not in its audience.
    await subscriptions(10, 'breaking', 20_000);

    const first = await deps.alerts.freezeChunk(alertId, 0, now);
    expect(first).toHaveLength(FREEZE_CHUNK / RECIPIENTS_PER_BATCH + 1);
    expect(await deps.alerts.freezeChunk(alertId, 0, now)).toEqual([]);
    const next = (await jobsOf(alertId)).find((job) => job.kind === 'alert.audience' && job.ref !== `${alertId}:0`)!;
    expect(next.ref).toBe(`${alertId}:5000`);

    // 1,000 more from the first range and 4,000 of the second (the beat's 50 in between are not in it).
    expect(await deps.alerts.freezeChunk(alertId, 5000, now)).toHaveLength(51);
    expect(await deps.alerts.freezeChunk(alertId, 5000, now)).toEqual([]);
    // The last 50: one batch, and no chunk after it.
    expect(await deps.alerts.freezeChunk(alertId, 10_050, now)).toHaveLength(1);

    const alert = await env.DB.prepare('SELECT state, recipients, batches, frozen_through, audience_through FROM push_alerts WHERE id = ?')
      .bind(alertId)
      .first();
    expect(alert).toEqual({ state: 'sending', recipients: 10_050, batches: 101, frozen_through: 10_100, audience_through: 10_100 });
    const figures = await env.DB.prepare(
      'SELECT count(*) AS n, count(DISTINCT subscription_id) AS distinct_subscriptions, max(batch) AS last_batch, min(subscription_id) AS lowest, max(subscription_id) AS highest FROM push_alert_recipients WHERE alert_id = ?',
    )
      .bind(alertId)
      .first();
    expect(figures).toEqual({ n: 10_050, distinct_subscriptions: 10_050, last_batch: 100, lowest: 1, highest: 10_100 });
    const sizes = await env.DB.prepare(
      'SELECT batch, count(*) AS n FROM push_alert_recipients WHERE alert_id = ? GROUP BY batch ORDER BY batch',
    )
      .bind(alertId)
      .all<{ batch: number; n: number }>();
    expect(sizes.results.map((row) => row.batch)).toEqual(Array.from({ length: 101 }, (_, i) => i));
    expect(sizes.results.filter((row) => row.n !== 100)).toEqual([{ batch: 100, n: 50 }]);
    const batchJobs = (await jobsOf(alertId)).filter((job) => job.kind === 'alert.batch').map((job) => job.ref);
    expect(new Set(batchJobs)).toEqual(new Set(Array.from({ length: 101 }, (_, i) => `${alertId}:${i}`)));
  });
});
