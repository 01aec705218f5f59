import { createECDH, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptPushMessage, userAgentKeysFrom } from './decrypt.ts';
import { PushReceiver } from './push-receiver.ts';
import { checkVapid } from './vapid-check.ts';

/** RFC 8291 section 5 (appendix A): the example message, and the user agent's keys that read it. */
const RFC8291 = {
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  plaintext: 'When I grow up, I want to be a watermelon',
};

/** An application server's VAPID key pair, and a token signed with Node's crypto. */
function vapidKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const k = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]).toString('base64url');
  const token = (claims: Record<string, unknown>) => {
    const head = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = sign('sha256', Buffer.from(`${head}.${body}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    return `${head}.${body}.${signature.toString('base64url')}`;
  };
  return { k, token, privateKey: createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })) };
}

const now = () => Math.floor(Date.now() / 1000);

describe('the push receiver reads messages as a browser does', () => {
  it("decrypts RFC 8291's own example with http_ece, so its reading of aes128gcm is the RFC's", () => {
    const keys = userAgentKeysFrom(RFC8291.uaPrivate, RFC8291.authSecret);
    expect(keys.p256dh).toBe(RFC8291.uaPublic);
    expect(decryptPushMessage(Buffer.from(RFC8291.message, 'base64url'), keys).toString('utf8')).toBe(RFC8291.plaintext);
  });

  it('refuses a message whose last byte was changed (the GCM tag no longer holds)', () => {
    const keys = userAgentKeysFrom(RFC8291.uaPrivate, RFC8291.authSecret);
    const tampered = Buffer.from(RFC8291.message, 'base64url');
    tampered[tampered.length - 1]! ^= 1;
    expect(() => decryptPushMessage(tampered, keys)).toThrow();
  });
});

describe('the push receiver checks VAPID as a push service does (RFC 8292)', () => {
  const keys = vapidKeys();
  const audience = 'http://127.0.0.1:9999';
  const good = { aud: audience, exp: now() + 3600, sub: 'mailto:alerts@newsroom.example.org' };

  it('takes a token signed with k for its own origin', () => {
    expect(checkVapid(`vapid t=${keys.token(good)}, k=${keys.k}`, keys.k, audience, now())).toMatchObject({ ok: true, claims: good });
  });

  it.each([
    ['another audience', { ...good, aud: 'https://fcm.googleapis.com' }, 401],
    ['an expired token', { ...good, exp: now() - 1 }, 401],
    ['a token living more than a day', { ...good, exp: now() + 25 * 3600 }, 401],
    ['a contact on localhost (Apple refuses it)', { ...good, sub: 'mailto:admin@localhost' }, 403],
    ['no contact', { aud: audience, exp: now() + 60 }, 401],
  ])('refuses %s', (_, claims, status) => {
    expect(checkVapid(`vapid t=${keys.token(claims)}, k=${keys.k}`, keys.k, audience, now())).toMatchObject({ ok: false, status });
  });

  it('refuses a token signed by another key, and a k the subscription was not made with', () => {
    const other = vapidKeys();
    expect(checkVapid(`vapid t=${other.token(good)}, k=${keys.k}`, keys.k, audience, now())).toMatchObject({ ok: false, status: 401 });
    expect(checkVapid(`vapid t=${other.token(good)}, k=${other.k}`, keys.k, audience, now())).toMatchObject({ ok: false, status: 403 });
    expect(checkVapid(`WebPush ${keys.token(good)}`, keys.k, audience, now())).toMatchObject({ ok: false, status: 401 });
  });
});

describe('the push receiver over HTTP', () => {
  let receiver: PushReceiver;
  const keys = vapidKeys();
  beforeAll(async () => {
    receiver = await PushReceiver.start();
  });
  afterAll(() => receiver.close());

  /** What an application server sends: the body encrypted with http_ece itself, and the headers. */
  function push(endpoint: string, p256dh: string, auth: string, headers: Record<string, string> = {}) {
    const sender = createECDH('prime256v1');
    sender.generateKeys();
    const body = ece.encrypt(Buffer.from(JSON.stringify({ title: 'Levee breach' })), {
      version: 'aes128gcm',
      privateKey: sender,
      dh: p256dh,
      authSecret: auth,
    });
    const authorization = `vapid t=${keys.token({ aud: receiver.origin, exp: now() + 600, sub: 'https://newsroom.example.org' })}, k=${keys.k}`;
    return fetch(endpoint, {
      method: 'POST',
      headers: { authorization, 'content-encoding': 'aes128gcm', ttl: '60', urgency: 'high', topic: 'breaking', ...headers },
      body,
    });
  }

  it('decrypts and keeps a message, with its headers', async () => {
    const subscription = receiver.subscribe({ applicationServerKey: keys.k });
    const res = await push(subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth);
    expect(res.status).toBe(201);
    expect(receiver.messages(subscription.id)).toMatchObject([
      { payload: { title: 'Levee breach' }, ttl: 60, urgency: 'high', topic: 'breaking', contentEncoding: 'aes128gcm' },
    ]);
  });

  it('answers 410 for a subscription that is gone, and fails the first tries when told to', async () => {
    const gone = receiver.subscribe({ applicationServerKey: keys.k, answer: 'gone' });
    expect((await push(gone.endpoint, gone.keys.p256dh, gone.keys.auth)).status).toBe(410);
    const flaky = receiver.subscribe({ applicationServerKey: keys.k, failFirst: [429, 503] });
    const first = await push(flaky.endpoint, flaky.keys.p256dh, flaky.keys.auth);
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await push(flaky.endpoint, flaky.keys.p256dh, flaky.keys.auth)).status).toBe(503);
    expect((await push(flaky.endpoint, flaky.keys.p256dh, flaky.keys.auth)).status).toBe(201);
    expect(receiver.messages(flaky.id)).toHaveLength(1);
  });

  it('refuses bad headers, and a body encrypted for another browser', async () => {
    const subscription = receiver.subscribe({ applicationServerKey: keys.k });
    const other = receiver.subscribe({ applicationServerKey: keys.k });
    expect((await push(subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, { topic: 'beat:politics' })).status).toBe(
      400,
    );
    expect(
      (await push(subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, { 'content-encoding': 'aesgcm' })).status,
    ).toBe(415);
    expect((await push(subscription.endpoint, other.keys.p256dh, other.keys.auth)).status).toBe(400);
    expect(receiver.messages(subscription.id)).toEqual([]);
  });
});
