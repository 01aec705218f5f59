import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/users/entities.ts';
import { api, expectError, signUp } from './support/api.ts';
import { SoftAuthenticator } from './support/soft-authenticator.ts';

/**
 * Passkeys (docs/product/api-sign-in-security.md#passkeys) through the whole worker, with a software
 * authenticator making real ES256 signatures that @simplewebauthn/server verifies.
 */

/** The tests' requests go to http://newsroom.test: the relying party is that host. */
const ORIGIN = 'http://newsroom.test';

async function addPasskey(token: string, password: string, name = 'Laptop') {
  const authenticator = await SoftAuthenticator.create();
  const options = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
  expect(options.status, options.text).toBe(200);
  const res = await api('/api/auth/passkeys/register', {
    method: 'POST',
    token,
    json: { response: await authenticator.register(options.body, ORIGIN), name },
  });
  expect(res.status, res.text).toBe(201);
  return { authenticator, passkey: res.body as { id: number; name: string; createdAt: string; lastUsedAt: string | null } };
}

async function signInWith(authenticator: SoftAuthenticator, origin = ORIGIN) {
  const options = await api('/api/auth/passkeys/login/options', { method: 'POST' });
  expect(options.status).toBe(200);
  return api<{ token: string; user: User }>('/api/auth/passkeys/login', {
    method: 'POST',
    json: { response: await authenticator.signIn(options.body, origin) },
  });
}

describe('adding a passkey', () => {
  it('offers options for a discoverable credential with user verification, for this host', async () => {
    const { token, user, password } = await signUp('reporter', { firstName: 'Ida', lastName: 'Wells' });
    const res = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rp: { id: 'newsroom.test', name: 'The Newsroom' },
      user: { name: user.username, displayName: 'Ida Wells' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
    });
  });

  it('stores it with its name: 201 passkey, listed in the status', async () => {
    const { token, password } = await signUp('reporter');
    const { passkey } = await addPasskey(token, password, 'Work laptop');
    expect(passkey).toEqual({ id: expect.any(Number), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null });
    const status = await api('/api/auth/2fa', { token });
    expect(status.body.passkeys).toEqual([passkey]);
  });

  it('excludes the passkeys already there from the next registration', async () => {
    const { token, password } = await signUp('reporter');
    const { authenticator } = await addPasskey(token, password);
    const options = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
    expect(options.body.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
  });

  it('uses a registration challenge once', async () => {
    const { token, password } = await signUp('reporter');
    const authenticator = await SoftAuthenticator.create();
    const options = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
    const response = await authenticator.register(options.body, ORIGIN);
    expect((await api('/api/auth/passkeys/register', { method: 'POST', token, json: { response, name: 'One' } })).status).toBe(201);
    const other = await SoftAuthenticator.create();
    expectError(
      await api('/api/auth/passkeys/register', {
        method: 'POST',
        token,
        json: { response: await other.register(options.body, ORIGIN), name: 'Two' },
      }),
      400,
      'challenge_expired',
    );
  });

  it('refuses an expired registration challenge', async () => {
    const { token, user, password } = await signUp('reporter');
    const options = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
    await env.DB.prepare("UPDATE auth_challenges SET expires_at = ? WHERE user_id = ? AND purpose = 'passkey_register'")
      .bind(new Date(Date.now() - 1).toISOString(), user.id)
      .run();
    const authenticator = await SoftAuthenticator.create();
    expectError(
      await api('/api/auth/passkeys/register', {
        method: 'POST',
        token,
        json: { response: await authenticator.register(options.body, ORIGIN) },
      }),
      400,
      'challenge_expired',
    );
    expect((await api('/api/auth/2fa', { token })).body.passkeys).toEqual([]);
  });

  it('refuses another user’s registration challenge', async () => {
    const mine = await signUp('reporter');
    const theirs = await signUp('reporter');
    const options = await api('/api/auth/passkeys/register/options', {
      method: 'POST',
      token: theirs.token,
      json: { password: theirs.password },
    });
    const authenticator = await SoftAuthenticator.create();
    expectError(
      await api('/api/auth/passkeys/register', {
        method: 'POST',
        token: mine.token,
        json: { response: await authenticator.register(options.body, ORIGIN) },
      }),
      400,
      'challenge_expired',
    );
  });

  it('refuses an answer made for another site, or without user verification', async () => {
    const { token, password } = await signUp('reporter');
    const options = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
    const phished = await (await SoftAuthenticator.create()).register(options.body, 'https://newsroom.test.evil.example');
    expectError(await api('/api/auth/passkeys/register', { method: 'POST', token, json: { response: phished } }), 400, 'invalid_passkey');
    const unverified = await (await SoftAuthenticator.create()).register(options.body, ORIGIN, 0x41);
    expectError(
      await api('/api/auth/passkeys/register', { method: 'POST', token, json: { response: unverified } }),
      400,
      'invalid_passkey',
    );
    expect((await api('/api/auth/2fa', { token })).body.passkeys).toEqual([]);
  });

  it('validates the body', async () => {
    const { token, password } = await signUp('reporter');
    expectError(await api('/api/auth/passkeys/register', { method: 'POST', token, json: { name: 'x' } }), 400, 'validation_failed');
    const options = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
    const response = await (await SoftAuthenticator.create()).register(options.body, ORIGIN);
    expectError(
      await api('/api/auth/passkeys/register', { method: 'POST', token, json: { response, name: 'x'.repeat(101) } }),
      400,
      'validation_failed',
    );
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no password: a token and the user, and the passkey’s last use', async () => {
    const { token, user, password } = await signUp('reporter');
    const { authenticator, passkey } = await addPasskey(token, password);
    const res = await signInWith(authenticator);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), user });
    expect((await api('/api/auth/me', { token: res.body.token })).body.id).toBe(user.id);
    const [listed] = (await api('/api/auth/2fa', { token })).body.passkeys;
    expect(listed).toMatchObject({ id: passkey.id, lastUsedAt: expect.any(String) });
  });

  it('makes a password sign-in ask for the second step (the passkey counts as a second factor)', async () => {
    const { token, user, password } = await signUp('reporter');
    await addPasskey(token, password);
    const res = await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: user.username, password } });
    expect(res.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), methods: ['passkey'] });
  });

  it('uses a sign-in challenge once: a replayed assertion gets 401', async () => {
    const { token, password } = await signUp('reporter');
    const { authenticator } = await addPasskey(token, password);
    const options = await api('/api/auth/passkeys/login/options', { method: 'POST' });
    const response = await authenticator.signIn(options.body, ORIGIN);
    expect((await api('/api/auth/passkeys/login', { method: 'POST', json: { response } })).status).toBe(200);
    expectError(await api('/api/auth/passkeys/login', { method: 'POST', json: { response } }), 401, 'invalid_passkey');
  });

  it('refuses an expired sign-in challenge', async () => {
    const { token, password } = await signUp('reporter');
    const { authenticator } = await addPasskey(token, password);
    const options = await api('/api/auth/passkeys/login/options', { method: 'POST' });
    await env.DB.prepare("UPDATE auth_challenges SET expires_at = ? WHERE purpose = 'passkey_sign_in'")
      .bind(new Date(Date.now() - 1).toISOString())
      .run();
    const error = expectError(
      await api('/api/auth/passkeys/login', { method: 'POST', json: { response: await authenticator.signIn(options.body, ORIGIN) } }),
      401,
      'invalid_passkey',
    );
    expect(error).toMatchObject({ restart: true });
  });

  it('refuses an unknown credential, a bad signature, another origin, and a deactivated owner', async () => {
    const admin = await signUp('admin');
    const { token, user, password } = await signUp('reporter');
    const { authenticator } = await addPasskey(token, password);
    expectError(await signInWith(await SoftAuthenticator.create()), 401, 'invalid_passkey');
    const options = await api('/api/auth/passkeys/login/options', { method: 'POST' });
    const forged = await authenticator.signIn(options.body, ORIGIN);
    forged.response.signature = forged.response.signature.slice(0, -4) + 'AAAA';
    expectError(await api('/api/auth/passkeys/login', { method: 'POST', json: { response: forged } }), 401, 'invalid_passkey');
    expectError(await signInWith(authenticator, 'https://evil.example'), 401, 'invalid_passkey');
    expect((await api(`/api/users/${user.id}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expectError(await signInWith(authenticator), 401, 'invalid_passkey');
  });
});

describe('naming and removing passkeys', () => {
  it('renames and removes the owner’s passkey; another user’s is 404 and stays', async () => {
    const owner = await signUp('reporter');
    const other = await signUp('reporter');
    const { passkey, authenticator } = await addPasskey(owner.token, owner.password, 'Phone');
    expectError(
      await api(`/api/auth/passkeys/${passkey.id}`, { method: 'PATCH', token: other.token, json: { name: 'Mine now' } }),
      404,
      'not_found',
    );
    expectError(
      await api(`/api/auth/passkeys/${passkey.id}`, { method: 'DELETE', token: other.token, json: { password: other.password } }),
      404,
      'not_found',
    );
    const renamed = await api(`/api/auth/passkeys/${passkey.id}`, { method: 'PATCH', token: owner.token, json: { name: ' Old phone ' } });
    expect(renamed.body).toEqual({ ...passkey, name: 'Old phone' });
    expect(
      (await api(`/api/auth/passkeys/${passkey.id}`, { method: 'DELETE', token: owner.token, json: { password: owner.password } })).status,
    ).toBe(204);
    expect((await api('/api/auth/2fa', { token: owner.token })).body.passkeys).toEqual([]);
    expectError(await signInWith(authenticator), 401, 'invalid_passkey');
    expectError(
      await api(`/api/auth/passkeys/${passkey.id}`, { method: 'DELETE', token: owner.token, json: { password: owner.password } }),
      404,
      'not_found',
    );
    expectError(
      await api('/api/auth/passkeys/abc', { method: 'DELETE', token: owner.token, json: { password: owner.password } }),
      400,
      'validation_failed',
    );
  });
});
