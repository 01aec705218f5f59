import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { buildDeps } from '../../src/adapters/compose.ts';
import { createApp } from '../../src/adapters/http/app.ts';
import { api, deps } from './support/api.ts';
import { receiverSubscription, subscribeBody, vapidPublicKey } from './support/push.ts';

/** Keys of a real browser subscription (a P-256 point and a 16-byte secret), for endpoints that are not the receiver's. */
async function browserKeys() {
  return (await receiverSubscription()).keys;
}

/** The app as production runs it: PUSH_ALLOW_PRIVATE unset, or without VAPID keys at all. */
function appWith(overrides: Record<string, string | undefined>) {
  const app = createApp(buildDeps({ ...env, ...overrides }));
  return async (path: string, method: string, json?: unknown) => {
    const res = await app.fetch(
      new Request(`http://newsroom.test${path}`, {
        method,
        headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
    );
    return { status: res.status, body: (await res.json()) as any };
  };
}

async function storedTopics(endpoint: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT t.topic FROM push_subscription_topics t JOIN push_subscriptions s ON s.id = t.subscription_id WHERE s.endpoint = ? ORDER BY t.topic`,
  )
    .bind(endpoint)
    .all<{ topic: string }>();
  return results.map((row) => row.topic);
}

describe('GET /api/push/key', () => {
  it('answers the VAPID public key browsers subscribe with, cacheable for a while', async () => {
    const res = await api('/api/push/key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: vapidPublicKey });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('is 503 alerts_not_configured on a server without VAPID keys, and so is subscribing', async () => {
    const call = appWith({ VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined });
    expect(await call('/api/push/key', 'GET')).toMatchObject({ status: 503, body: { error: { code: 'alerts_not_configured' } } });
    const subscription = await receiverSubscription();
    expect(await call('/api/push/subscriptions', 'POST', subscribeBody(subscription))).toMatchObject({
      status: 503,
      body: { error: { code: 'alerts_not_configured' } },
    });
  });
});

describe('POST /api/push/subscriptions', () => {
  it('keeps a browser subscription with its topics (beats by id), and answers its id and topics', async () => {
    const beat = await deps.beats.create({ name: 'Flood Watch', slug: 'flood-watch', description: null }, deps.clock.now());
    const subscription = await receiverSubscription();
    const res = await api('/api/push/subscriptions', {
      method: 'POST',
      json: subscribeBody(subscription, ['breaking', 'beat:flood-watch', 'breaking']),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), topics: ['breaking', 'beat:flood-watch'] });
    expect(await storedTopics(subscription.endpoint)).toEqual([`beat:${beat.id}`, 'breaking']);
    const row = await env.DB.prepare('SELECT p256dh, auth FROM push_subscriptions WHERE id = ?').bind(res.body.id).first();
    expect(row).toEqual({ p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
  });

  it('keeps one subscription per endpoint: the same endpoint again replaces its keys and topics', async () => {
    await deps.beats.create({ name: 'Courts', slug: 'courts', description: null }, deps.clock.now());
    const subscription = await receiverSubscription();
    const first = await api('/api/push/subscriptions', { method: 'POST', json: subscribeBody(subscription, ['breaking']) });
    const newKeys = await browserKeys();
    const second = await api('/api/push/subscriptions', {
      method: 'POST',
      json: { subscription: { endpoint: subscription.endpoint, keys: newKeys }, topics: ['beat:courts'] },
    });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.topics).toEqual(['beat:courts']);
    expect(await storedTopics(subscription.endpoint)).toEqual([expect.stringMatching(/^beat:\d+$/)]);
    const rows = await env.DB.prepare('SELECT p256dh, auth FROM push_subscriptions WHERE endpoint = ?').bind(subscription.endpoint).all();
    expect(rows.results).toEqual([{ p256dh: newKeys.p256dh, auth: newKeys.auth }]);
  });

  it('takes a real push service endpoint (https on a public host) when private ones are not allowed', async () => {
    const call = appWith({ PUSH_ALLOW_PRIVATE: undefined });
    const keys = await browserKeys();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/dAPTzCpL9jE:APA91bH2';
    expect(await call('/api/push/subscriptions', 'POST', { subscription: { endpoint, keys }, topics: ['breaking'] })).toMatchObject({
      status: 201,
      body: { topics: ['breaking'] },
    });
    // An address padded with "=" (as some browsers send) is stored unpadded.
    const padded = { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` };
    const apple = 'https://web.push.apple.com/QGuQyavXutnMd6yRsQ';
    expect(
      (await call('/api/push/subscriptions', 'POST', { subscription: { endpoint: apple, keys: padded }, topics: ['breaking'] })).status,
    ).toBe(201);
    expect(await env.DB.prepare('SELECT p256dh FROM push_subscriptions WHERE endpoint = ?').bind(apple).first('p256dh')).toBe(keys.p256dh);
  });

  it.each([
    ['http on a public host', 'http://fcm.googleapis.com/fcm/send/x', 'must be an https address'],
    ['the loopback address', 'https://127.0.0.1/push/1', 'public host'],
    ['a private address', 'https://10.0.0.7/push/1', 'public host'],
    ['an IPv6 literal', 'https://[::1]/push/1', 'public host'],
    ['localhost', 'https://localhost/push/1', 'public host'],
    ['a .local name', 'https://printer.local/push', 'public host'],
    ['a single-label name', 'https://intranet/push', 'public host'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/x', 'standard https port'],
    ['credentials', 'https://user:pw@fcm.googleapis.com/fcm/send/x', 'no user name'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/x', 'https address the browser gave'],
    ['a data: URL', 'data:text/plain,hello', 'must be an https address'],
  ])('refuses an endpoint on %s with 400 and fields', async (_, endpoint, message) => {
    const call = appWith({ PUSH_ALLOW_PRIVATE: undefined });
    const res = await call('/api/push/subscriptions', 'POST', {
      subscription: { endpoint, keys: await browserKeys() },
      topics: ['breaking'],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['subscription.endpoint']).toContain(message);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?').bind(endpoint).first('n')).toBe(0);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', async () => {
    const subscription = await receiverSubscription();
    const point = Buffer.from(subscription.keys.p256dh, 'base64url');
    // The right length and the 0x04 prefix, but y no longer matches x: not a point on the curve.
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 1;
    const cases: [Record<string, string>, string][] = [
      [{ p256dh: offCurve.toString('base64url') }, 'subscription.keys.p256dh'],
      [{ p256dh: point.subarray(0, 33).toString('base64url') }, 'subscription.keys.p256dh'],
      [{ p256dh: Buffer.concat([Buffer.from([2]), point.subarray(1)]).toString('base64url') }, 'subscription.keys.p256dh'],
      [{ p256dh: `${subscription.keys.p256dh.slice(0, -1)}+` }, 'subscription.keys.p256dh'],
      [{ auth: Buffer.alloc(15).toString('base64url') }, 'subscription.keys.auth'],
      [{ auth: Buffer.alloc(32).toString('base64url') }, 'subscription.keys.auth'],
    ];
    for (const [keys, field] of cases) {
      const res = await api('/api/push/subscriptions', {
        method: 'POST',
        json: { subscription: { endpoint: subscription.endpoint, keys: { ...subscription.keys, ...keys } }, topics: ['breaking'] },
      });
      expect([res.status, Object.keys(res.body.error.fields ?? {})]).toEqual([400, [field]]);
    }
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?').bind(subscription.endpoint).first('n'),
    ).toBe(0);
  });

  it('refuses topics that are not breaking or an existing beat, and a body without any', async () => {
    const subscription = await receiverSubscription();
    const post = (topics: unknown) => api('/api/push/subscriptions', { method: 'POST', json: { ...subscribeBody(subscription), topics } });
    expect((await post(['beat:no-such-beat'])).body.error.fields).toEqual({ topics: 'There is no beat "no-such-beat"' });
    expect((await post(['sport'])).body.error.fields).toEqual({ 'topics.0': expect.stringContaining('breaking') });
    expect((await post([])).body.error.fields).toEqual({ topics: 'Choose at least one topic' });
    expect((await post(undefined)).status).toBe(400);
    const missingKeys = await api('/api/push/subscriptions', {
      method: 'POST',
      json: { subscription: { endpoint: subscription.endpoint }, topics: ['breaking'] },
    });
    expect(missingKeys.status).toBe(400);
    const notJson = await api('/api/push/subscriptions', { method: 'POST', body: JSON.stringify(subscribeBody(subscription)) });
    expect(notJson.status).toBe(415);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?').bind(subscription.endpoint).first('n'),
    ).toBe(0);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('removes the subscription and its topics; a second time is still 204', async () => {
    const subscription = await receiverSubscription();
    await api('/api/push/subscriptions', { method: 'POST', json: subscribeBody(subscription) });
    const res = await api('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: subscription.endpoint } });
    expect([res.status, res.text]).toEqual([204, '']);
    expect(await storedTopics(subscription.endpoint)).toEqual([]);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?').bind(subscription.endpoint).first('n'),
    ).toBe(0);
    expect((await api('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: subscription.endpoint } })).status).toBe(204);
    expect((await api('/api/push/subscriptions', { method: 'DELETE', json: {} })).status).toBe(400);
  });
});
