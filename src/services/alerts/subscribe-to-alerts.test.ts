import { describe, expect, it } from 'vitest';
import { InMemoryPushSubscriptions, ScriptedPush } from './in-memory-alerts.test-support.ts';
import { subscribeToAlerts } from './subscribe-to-alerts.ts';

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

function setUp() {
  const subscriptions = new InMemoryPushSubscriptions();
  const push = new ScriptedPush();
  const deps = {
    pushSubscriptions: subscriptions,
    pushKeys: push,
    beats: { list: async () => [{ id: 3, slug: 'politics', name: 'Politics', description: null, createdAt: '' }] },
    clock: { now: () => '2026-11-27T10:00:00.000Z' },
  };
  return { deps, subscriptions, push };
}

describe('subscribing to alerts', () => {
  it('keeps the subscription with its topics by beat id, one per endpoint', async () => {
    const t = setUp();
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys };
    expect(await subscribeToAlerts(t.deps, { subscription, topics: ['breaking', 'beat:politics'] }, { allowPrivate: false })).toEqual({
      id: 1,
      topics: ['breaking', 'beat:politics'],
    });
    expect(await subscribeToAlerts(t.deps, { subscription, topics: ['beat:politics'] }, { allowPrivate: false })).toEqual({
      id: 1,
      topics: ['beat:politics'],
    });
    expect(t.subscriptions.rows.get(subscription.endpoint)!.topics).toEqual(['beat:3']);
  });

  it('takes an endpoint on this machine only when private ones are allowed', async () => {
    const t = setUp();
    const subscription = { endpoint: 'http://127.0.0.1:9061/push/s1', keys };
    await expect(subscribeToAlerts(t.deps, { subscription, topics: ['breaking'] }, { allowPrivate: false })).rejects.toMatchObject({
      fields: { 'subscription.endpoint': 'A push endpoint must be an https address' },
    });
    expect(await subscribeToAlerts(t.deps, { subscription, topics: ['breaking'] }, { allowPrivate: true })).toMatchObject({ id: 1 });
  });

  it('refuses a key that is not on the curve, an unknown beat, and a server without VAPID keys', async () => {
    const t = setUp();
    const endpoint = 'https://web.push.apple.com/abc';
    await expect(
      subscribeToAlerts(
        t.deps,
        { subscription: { endpoint, keys: { ...keys, p256dh: `C${'A'.repeat(86)}` } }, topics: ['breaking'] },
        { allowPrivate: false },
      ),
    ).rejects.toMatchObject({ fields: { 'subscription.keys.p256dh': expect.any(String) } });
    await expect(
      subscribeToAlerts(t.deps, { subscription: { endpoint, keys }, topics: ['beat:sport'] }, { allowPrivate: false }),
    ).rejects.toMatchObject({
      fields: { topics: 'There is no beat "sport"' },
    });
    t.push.publicKey = null;
    await expect(
      subscribeToAlerts(t.deps, { subscription: { endpoint, keys }, topics: ['breaking'] }, { allowPrivate: false }),
    ).rejects.toMatchObject({
      code: 'alerts_not_configured',
    });
    expect(t.subscriptions.rows.size).toBe(0);
  });
});
