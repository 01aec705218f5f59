import { describe, expect, it } from 'vitest';
import { ALERT_BODY_MAX, ALERT_TITLE_MAX } from '../../src/domain/alerts/schemas.ts';
import { retryAfterSeconds } from '../../src/adapters/push/web-push-sender.ts';
import { VapidSigner } from '../../src/adapters/push/vapid.ts';
import { deps } from './support/api.ts';
import { receivedPushes, receiverSubscription, vapidPublicKey } from './support/push.ts';

/**
 * The push adapter inside workerd against the push receiver (scripts/lib/push-receiver), which
 * decrypts with http_ece and checks VAPID with Node's crypto: nothing on the reading side is ours.
 */
const message = {
  title: 'Levee breach on the east bank',
  body: 'Residents of Riverside are told to leave now.',
  url: 'https://newsroom.example.org/story/levee-breach',
  icon: 'https://newsroom.example.org/icons/icon-192.png',
  tag: 'story-7',
};
const options = { ttlSeconds: 14_400, urgency: 'high' as const, topic: 'breaking', contact: 'mailto:desk@newsroom.example.org' };

describe('Web Push from the worker (RFC 8291 aes128gcm, RFC 8292 VAPID)', () => {
  it('delivers a message the receiver decrypts to the same JSON, with TTL, Urgency, Topic and a VAPID token for its origin', async () => {
    const subscription = await receiverSubscription();
    const result = await deps.push.send({ endpoint: subscription.endpoint, ...subscription.keys }, message, options);
    expect(result).toEqual({ kind: 'delivered', status: 201 });
    const [push, ...more] = await receivedPushes(subscription);
    expect(more).toEqual([]);
    expect(push).toMatchObject({ payload: message, ttl: 14_400, urgency: 'high', topic: 'breaking', contentEncoding: 'aes128gcm' });
    // Padded to the 4096 bytes every push service takes: the length says nothing about the text.
    expect(push!.bodyBytes).toBe(4096);
    const origin = new URL(subscription.endpoint).origin;
    expect(push!.vapid).toMatchObject({ aud: origin, sub: options.contact });
    expect(push!.vapid.exp - Date.now() / 1000).toBeGreaterThan(11 * 3600);
  });

  it('fits the longest title and text in four-byte characters within one 4096-byte message', async () => {
    const subscription = await receiverSubscription();
    const long = { ...message, title: '📰'.repeat(ALERT_TITLE_MAX / 2), body: '🌊'.repeat(ALERT_BODY_MAX / 2) };
    expect(await deps.push.send({ endpoint: subscription.endpoint, ...subscription.keys }, long, options)).toMatchObject({
      kind: 'delivered',
    });
    expect((await receivedPushes(subscription))[0]!.payload).toEqual(long);
  });

  it('reads 404 and 410 as gone, 429 and 5xx as worth a retry (with Retry-After), 400 as a failure', async () => {
    const send = async (answer: Parameters<typeof receiverSubscription>[0]) => {
      const subscription = await receiverSubscription(answer);
      return deps.push.send({ endpoint: subscription.endpoint, ...subscription.keys }, message, options);
    };
    expect(await send({ answer: 'gone' })).toEqual({ kind: 'gone', status: 410 });
    expect(await send({ answer: 'not-found' })).toEqual({ kind: 'gone', status: 404 });
    expect(await send({ failFirst: [429] })).toEqual({ kind: 'retry', status: 429, retryAfterSeconds: 1 });
    expect(await send({ failFirst: [503] })).toEqual({ kind: 'retry', status: 503, retryAfterSeconds: null });
    // Keys of another browser: the receiver cannot decrypt it and says 400.
    const subscription = await receiverSubscription();
    const other = await receiverSubscription();
    expect(await deps.push.send({ endpoint: subscription.endpoint, ...other.keys }, message, options)).toEqual({
      kind: 'failed',
      status: 400,
    });
  });

  it('reads a push service that does not answer as worth a retry', async () => {
    expect(
      await deps.push.send(
        { endpoint: 'http://127.0.0.1:1/push/nobody', p256dh: (await receiverSubscription()).keys.p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
        message,
        options,
      ),
    ).toEqual({ kind: 'retry', status: null, retryAfterSeconds: null });
  });

  it('answers the VAPID public key and checks browsers keys are points on P-256', async () => {
    expect(deps.push.publicKey).toBe(vapidPublicKey);
    expect(await deps.push.isP256PublicKey((await receiverSubscription()).keys.p256dh)).toBe(true);
    expect(await deps.push.isP256PublicKey(`B${'A'.repeat(86)}`)).toBe(false);
  });
});

describe('the VAPID signer', () => {
  const keys = { publicKey: vapidPublicKey, privateKey: 'UIFZwLQ8bOCSNKJe88sWJVlLbd_T9yT8daVdxWZtrXA' };
  const claims = (header: string) => JSON.parse(atob(/t=[^.]+\.([^.]+)\./.exec(header)![1]!.replace(/-/g, '+').replace(/_/g, '/')));

  it('signs once per push service origin and contact, and renews a token with less than an hour left', async () => {
    const signer = new VapidSigner(keys);
    const now = 1_800_000_000;
    const fcm = await signer.authorization('https://fcm.googleapis.com/fcm/send/a', 'mailto:desk@newsroom.example.org', now);
    expect(await signer.authorization('https://fcm.googleapis.com/fcm/send/b', 'mailto:desk@newsroom.example.org', now + 60)).toBe(fcm);
    expect(fcm).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapidPublicKey}$`));
    expect(claims(fcm)).toEqual({ aud: 'https://fcm.googleapis.com', exp: now + 12 * 3600, sub: 'mailto:desk@newsroom.example.org' });
    const apple = await signer.authorization('https://web.push.apple.com/x', 'mailto:desk@newsroom.example.org', now);
    expect(claims(apple).aud).toBe('https://web.push.apple.com');
    const later = await signer.authorization(
      'https://fcm.googleapis.com/fcm/send/a',
      'mailto:desk@newsroom.example.org',
      now + 11 * 3600 + 1,
    );
    expect(claims(later).exp).toBe(now + 23 * 3600 + 1);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('120', 0)).toBe(120);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(retryAfterSeconds('soon', 0)).toBeNull();
    expect(retryAfterSeconds(null, 0)).toBeNull();
  });
});
