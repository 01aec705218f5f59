import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDeps } from '../../src/adapters/compose.ts';
import { createApp } from '../../src/adapters/http/app.ts';
import { api, createStory, expectError, signUp, type ApiResponse } from './support/api.ts';

/**
 * Request-rate limits at the edge (decision 070), through the real rate-limiting bindings of
 * wrangler.toml as the test pool runs them. The other test files run with RATE_LIMITS=off
 * (vitest.config.ts); here the app is built with them on.
 */

const limited = createApp(buildDeps({ ...env, RATE_LIMITS: 'on' }));
const unlimited = createApp(buildDeps({ ...env, RATE_LIMITS: 'off' }));

let address = 0;
/** A client address of its own for each test, so that no test spends another's allowance. */
const newAddress = () => `198.51.100.${++address}`;

async function call(
  app: typeof limited,
  path: string,
  from: string,
  init: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': from, 'Content-Type': 'application/json', ...init.headers };
  const body = init.json === undefined ? init.body : JSON.stringify(init.json);
  const res = await app.fetch(new Request(`http://newsroom.test${path}`, { method: 'POST', headers, body }));
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

/**
 * The local limiter counts in fixed windows of its period: a run that starts in a window's last
 * seconds could see its count reset halfway. Start it in a fresh window's first seconds.
 */
async function atWindowStart(periodSeconds = 60): Promise<void> {
  const into = Date.now() % (periodSeconds * 1000);
  if (into > (periodSeconds - 15) * 1000) await new Promise((resolve) => setTimeout(resolve, periodSeconds * 1000 - into + 50));
}

/** Calls until the first 429 (or `most` calls): how many passed, and that answer. */
async function untilRefused(send: () => Promise<ApiResponse>, most: number) {
  for (let passed = 0; passed < most; passed++) {
    const res = await send();
    if (res.status === 429) return { passed, refused: res };
  }
  return { passed: most, refused: null };
}

let author: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  author = await signUp('reporter', { username: 'limits.reporter', password: 'right-password-1' });
});

describe('the rate-limiting bindings', () => {
  it('are bound in the test pool as in wrangler dev', () => {
    for (const name of ['RATE_LIMIT_SIGN_IN', 'RATE_LIMIT_VIEWS', 'RATE_LIMIT_SUBSCRIBE', 'RATE_LIMIT_INBOX'] as const)
      expect(typeof env[name].limit, name).toBe('function');
  });
});

describe('view beacons', () => {
  it('let one address send at least 100 a minute, then answer 429 with Retry-After; another address is not held back', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const from = newAddress();
    await atWindowStart();
    const { passed, refused } = await untilRefused(
      () => call(limited, `/api/stories/${story.id}/view`, from, { json: { referrer: '' } }),
      300,
    );
    expect(passed).toBeGreaterThanOrEqual(100);
    expect(refused, 'no 429 within 300 views').not.toBeNull();
    expectError(refused!, 429, 'too_many_requests');
    expect(Number(refused!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused!.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    // Refused views were not counted.
    expect((await api(`/api/stories/${story.id}`)).body.views).toBe(passed);
    expect((await call(limited, `/api/stories/${story.id}/view`, from, { json: {} })).status).toBe(429);
    expect((await call(limited, `/api/stories/${story.id}/view`, newAddress(), { json: {} })).status).toBe(200);
  });

  it('count an IPv6 client by its /64', async () => {
    const story = await createStory(author.token, { status: 'published' });
    await atWindowStart();
    let host = 0;
    const { refused } = await untilRefused(
      () => call(limited, `/api/stories/${story.id}/view`, `2001:db8:2601:7::${(++host).toString(16)}`, { json: {} }),
      300,
    );
    expect(refused?.status).toBe(429);
    expect((await call(limited, `/api/stories/${story.id}/view`, '2001:db8:2601:8::1', { json: {} })).status).toBe(200);
  });
});

describe('sign-in', () => {
  it('lets one address sign in at least 20 times a minute, then answers 429 too_many_requests before reading the body', async () => {
    const from = newAddress();
    await atWindowStart();
    const signIn = () =>
      call(limited, '/api/auth/login', from, { json: { emailOrUsername: 'limits.reporter', password: 'right-password-1' } });
    const { passed, refused } = await untilRefused(signIn, 200);
    expect(passed).toBeGreaterThanOrEqual(20);
    expectError(refused!, 429, 'too_many_requests');
    expect(refused!.headers.get('Retry-After')).toBe('60');
    // The same allowance covers the second step, passkey sign-in and a reset link's use; a body is not even read.
    expect((await call(limited, '/api/auth/login/2fa', from, { json: { challenge: 'x'.repeat(43), code: '123456' } })).status).toBe(429);
    expect((await call(limited, '/api/auth/passkeys/login/options', from)).status).toBe(429);
    expect((await call(limited, '/api/auth/passkeys/login', from, { json: {} })).status).toBe(429);
    expect((await call(limited, '/api/auth/password-reset', from, { body: 'x'.repeat(1024 * 1024) })).status).toBe(429);
    // And redeeming a link a reader was mailed: a reader's sign-in, a subscription's confirmation.
    expect((await call(limited, '/api/readers/session', from, { json: { token: 'x'.repeat(43) } })).status).toBe(429);
    expect((await call(limited, '/api/newsletters/confirm', from, { json: { token: 'x'.repeat(43) } })).status).toBe(429);
    expect(
      (await call(limited, '/api/auth/login', newAddress(), { json: { emailOrUsername: 'limits.reporter', password: 'right-password-1' } }))
        .status,
    ).toBe(200);
  });
});

describe('anonymous calls that send mail', () => {
  it('let one address subscribe or ask for a sign-in link 10 times a minute together, then answer 429', async () => {
    const from = newAddress();
    await atWindowStart();
    const subscribe = () => call(limited, '/api/newsletters/no-such-newsletter/subscribe', from, { json: { email: 'reader@example.org' } });
    const { passed, refused } = await untilRefused(subscribe, 50);
    expect(passed).toBeGreaterThanOrEqual(10);
    expectError(refused!, 429, 'too_many_requests');
    expect(refused!.headers.get('Retry-After')).toBe('60');
    expect((await call(limited, '/api/readers/signin', from, { json: { email: 'reader@example.org' } })).status).toBe(429);
    const elsewhere = await call(limited, '/api/newsletters/no-such-newsletter/subscribe', newAddress(), {
      json: { email: 'reader@example.org' },
    });
    expect(elsewhere.status).not.toBe(429);
  });
});

describe('gifts and checkouts (decision 105)', () => {
  it('take the subscribe allowance: one address 10 gift checkouts a minute, then 429 before Stripe is asked', async () => {
    const from = newAddress();
    await atWindowStart();
    // An amount under the least is refused by validation (400), without a Checkout session, until the limit answers first.
    const donate = () => call(limited, '/api/members/donate', from, { json: { amount: 1, currency: 'usd' } });
    const { passed, refused } = await untilRefused(donate, 50);
    expect(passed).toBeGreaterThanOrEqual(10);
    expect(refused, 'no 429 within 50 gifts').not.toBeNull();
    expectError(refused!, 429, 'too_many_requests');
    expect(refused!.headers.get('Retry-After')).toBe('60');
    // The same allowance as subscribing and asking for a sign-in link.
    expect(
      (await call(limited, '/api/newsletters/no-such-newsletter/subscribe', from, { json: { email: 'reader@example.org' } })).status,
    ).toBe(429);
    expect((await call(limited, '/api/members/checkout', from, { json: {} })).status).toBe(429);
    expect((await call(limited, '/api/members/donate', newAddress(), { json: { amount: 1, currency: 'usd' } })).status).toBe(400);
  });
});

describe('push subscriptions', () => {
  it('take the subscribe allowance: one address 10 times a minute, then 429 before the body is read', async () => {
    const from = newAddress();
    await atWindowStart();
    // An empty body is refused by validation (400) until the limit answers first.
    const subscribe = () => call(limited, '/api/push/subscriptions', from, { json: {} });
    const { passed, refused } = await untilRefused(subscribe, 50);
    expect(passed).toBeGreaterThanOrEqual(10);
    expectError(refused!, 429, 'too_many_requests');
    expect((await call(limited, '/api/push/subscriptions', newAddress(), { json: {} })).status).toBe(400);
  });
});

describe('fediverse inboxes', () => {
  it('take 600 activities a minute from one address, then answer 429 before the signature is looked at', async () => {
    const from = newAddress();
    await atWindowStart();
    // Unsigned: refused with 401 by the inbox's guard until the limit answers first.
    const post = () =>
      call(limited, '/ap/inbox', from, { json: { type: 'Follow' }, headers: { 'Content-Type': 'application/activity+json' } });
    const { passed, refused } = await untilRefused(post, 700);
    expect(passed).toBeGreaterThanOrEqual(600);
    // Outside /api: the site's JSON errors carry no charset parameter, so not expectError.
    expect(refused?.status).toBe(429);
    expect((refused!.body as { error: { code: string } }).error.code).toBe('too_many_requests');
    expect(Number(refused!.headers.get('Retry-After'))).toBe(60);
    expect((await post()).status).toBe(429);
    expect((await call(limited, '/ap/inbox', newAddress(), { json: { type: 'Follow' } })).status).toBe(401);
  });
});

describe('RATE_LIMITS=off', () => {
  it('turns every limit off', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const from = newAddress();
    for (let i = 0; i < 150; i++) expect((await call(unlimited, `/api/stories/${story.id}/view`, from, { json: {} })).status).toBe(200);
    for (let i = 0; i < 45; i++) expect((await call(unlimited, '/api/auth/passkeys/login/options', from)).status).toBe(200);
  });
});
