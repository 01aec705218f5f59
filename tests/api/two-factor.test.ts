import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/worker.ts';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/users/entities.ts';
import { api, expectError, login, signUp } from './support/api.ts';
import { codeOf, enableTotp, passwordStep, secondStep } from './support/two-factor.ts';

/** TOTP and recovery codes (docs/product/api-sign-in-security.md#second-factor), through the whole worker. */

const status = (token: string) =>
  api<{ totp: boolean; passkeys: unknown[]; recoveryCodesLeft: number; required: boolean }>('/api/auth/2fa', { token });

async function lockedOut(res: { status: number; headers: Headers; text: string }) {
  expectError(res as never, 429, 'too_many_attempts');
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
}

describe('setting TOTP up', () => {
  it('starts with nothing, gives a base32 secret and its otpauth address, and is not active until confirmed', async () => {
    const { token, user, password } = await signUp('reporter');
    expect((await status(token)).body).toEqual({ totp: false, passkeys: [], recoveryCodesLeft: 0, required: false });
    const setup = await api('/api/auth/2fa/totp/setup', { method: 'POST', token, json: { password } });
    expect(setup.status).toBe(200);
    expect(Object.keys(setup.body).sort()).toEqual(['otpauthUrl', 'secret']);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.otpauthUrl).toContain(encodeURIComponent(user.username));
    // Not confirmed: signing in still takes the password alone.
    expect((await status(token)).body.totp).toBe(false);
    expect(await login(user.username, password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores the secret sealed (AES-GCM), never in the clear, and never returns it again', async () => {
    const { token, user, password } = await signUp('reporter');
    const { secret } = await enableTotp(token, password);
    const row = await env.DB.prepare('SELECT secret_encrypted FROM totp_secrets WHERE user_id = ?')
      .bind(user.id)
      .first<{ secret_encrypted: string }>();
    expect(row!.secret_encrypted).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(row!.secret_encrypted).not.toContain(secret);
    const after = await status(token);
    expect(after.body).toEqual({ totp: true, passkeys: [], recoveryCodesLeft: 10, required: false });
    expect(after.text).not.toContain(secret);
    // A second setup while one is active is refused: the secret cannot be read back through it either.
    expectError(await api('/api/auth/2fa/totp/setup', { method: 'POST', token, json: { password } }), 409, 'totp_enabled');
  });

  it('confirms with a code: ten different recovery codes, kept only as hashes', async () => {
    const { token, user, password } = await signUp('reporter');
    const { recoveryCodes } = await enableTotp(token, password);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const rows = await env.DB.prepare('SELECT code_hash FROM recovery_codes WHERE user_id = ?').bind(user.id).all<{ code_hash: string }>();
    expect(rows.results).toHaveLength(10);
    for (const { code_hash } of rows.results) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));
    }
  });

  it('refuses a wrong confirmation code with 400 invalid_code, and confirming without a setup with 409', async () => {
    const { token, password } = await signUp('reporter');
    expectError(await api('/api/auth/2fa/totp/confirm', { method: 'POST', token, json: { code: '123456' } }), 409, 'no_totp_setup');
    const setup = await api('/api/auth/2fa/totp/setup', { method: 'POST', token, json: { password } });
    const wrong = codeOf(setup.body.secret) === '000000' ? '111111' : '000000';
    expectError(await api('/api/auth/2fa/totp/confirm', { method: 'POST', token, json: { code: wrong } }), 400, 'invalid_code');
    expectError(
      await api('/api/auth/2fa/totp/confirm', { method: 'POST', token, json: { code: codeOf(setup.body.secret, -3) } }),
      400,
      'invalid_code',
    );
    expectError(await api('/api/auth/2fa/totp/confirm', { method: 'POST', token, json: {} }), 400, 'validation_failed');
    expect((await status(token)).body.totp).toBe(false);
  });

  it('needs a signed-in caller for every 2FA call', async () => {
    expectError(await api('/api/auth/2fa'), 401, 'unauthenticated');
    expectError(await api('/api/auth/2fa/totp/setup', { method: 'POST' }), 401, 'unauthenticated');
    expectError(await api('/api/auth/2fa/totp/confirm', { method: 'POST', json: { code: '123456' } }), 401, 'unauthenticated');
    expectError(await api('/api/auth/2fa/totp', { method: 'DELETE', json: { password: 'x' } }), 401, 'unauthenticated');
  });
});

describe('signing in with TOTP', () => {
  async function totpUser() {
    const account = await signUp('reporter');
    const { secret, recoveryCodes } = await enableTotp(account.token, account.password);
    return { ...account, secret, recoveryCodes };
  }

  it('asks for the code after the password: a challenge and the methods, no token', async () => {
    const { user, password } = await totpUser();
    const res = await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: user.username, password } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      twoFactorRequired: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      methods: ['totp', 'recovery'],
    });
  });

  it('signs in with the current code: a working token and the user', async () => {
    const { user, password, secret } = await totpUser();
    const challenge = await passwordStep(user.username, password);
    const res = await secondStep(challenge, codeOf(secret));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), user });
    expect((await api<User>('/api/auth/me', { token: res.body.token })).body.id).toBe(user.id);
  });

  it('uses a challenge once', async () => {
    const { user, password, secret } = await totpUser();
    const challenge = await passwordStep(user.username, password);
    expect((await secondStep(challenge, codeOf(secret))).status).toBe(200);
    const again = await secondStep(challenge, codeOf(secret, 1));
    expect(expectError(again, 401, 'invalid_code')).toMatchObject({ restart: true });
  });

  it('refuses a challenge older than 5 minutes', async () => {
    const { user, password, secret } = await totpUser();
    const challenge = await passwordStep(user.username, password);
    await env.DB.prepare("UPDATE auth_challenges SET expires_at = ? WHERE user_id = ? AND purpose = 'sign_in'")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run();
    expect(expectError(await secondStep(challenge, codeOf(secret)), 401, 'invalid_code')).toMatchObject({ restart: true });
  });

  it('has the minute job sweep away challenges that expired', async () => {
    const { user, password } = await totpUser();
    await passwordStep(user.username, password);
    await passwordStep(user.username, password);
    await env.DB.prepare('UPDATE auth_challenges SET expires_at = ? WHERE id IN (SELECT id FROM auth_challenges WHERE user_id = ? LIMIT 1)')
      .bind(new Date(Date.now() - 1).toISOString(), user.id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM auth_challenges WHERE user_id = ?').bind(user.id).first<{ n: number }>();
    expect(left!.n).toBe(1);
  });

  it('gives a challenge five minutes', async () => {
    const { user, password } = await totpUser();
    await passwordStep(user.username, password);
    const row = await env.DB.prepare("SELECT created_at, expires_at FROM auth_challenges WHERE user_id = ? AND purpose = 'sign_in'")
      .bind(user.id)
      .first<{ created_at: string; expires_at: string }>();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(5 * 60_000);
  });

  it('refuses a wrong code with 401 invalid_code, and accepts one step either side of now', async () => {
    const { user, password, secret } = await totpUser();
    const challenge = await passwordStep(user.username, password);
    const wrong = ['000000', '999999'].find((c) => ![-1, 0, 1].some((o) => codeOf(secret, o) === c))!;
    expect(expectError(await secondStep(challenge, wrong), 401, 'invalid_code').message).toBe(
      'That code is not valid. Try the current code from your app, or a recovery code.',
    );
    expectError(await secondStep(challenge, codeOf(secret, -2)), 401, 'invalid_code');
    expectError(await secondStep(challenge, codeOf(secret, 2)), 401, 'invalid_code');
    // Three wrong codes spend the challenge (decision 050): the next sign-in starts with the password.
    expect(expectError(await secondStep(challenge, codeOf(secret, 1)), 401, 'invalid_code')).toMatchObject({ restart: true });
    expect((await secondStep(await passwordStep(user.username, password), codeOf(secret, 1))).status).toBe(200);
  });

  it('never accepts a code twice, nor a code of an earlier step once a later one was used', async () => {
    const { user, password, secret } = await totpUser();
    const code = codeOf(secret);
    expect((await secondStep(await passwordStep(user.username, password), code)).status).toBe(200);
    // The same code again, within its 30 seconds: a replay.
    expectError(await secondStep(await passwordStep(user.username, password), code), 401, 'invalid_code');
    // The step before, still inside the window: older than the one used, so refused too.
    expectError(await secondStep(await passwordStep(user.username, password), codeOf(secret, -1)), 401, 'invalid_code');
    expect((await secondStep(await passwordStep(user.username, password), codeOf(secret, 1))).status).toBe(200);
  });

  it('refuses a replay even when both requests race', async () => {
    const { user, password, secret } = await totpUser();
    const code = codeOf(secret, 1);
    const [a, b] = await Promise.all([passwordStep(user.username, password), passwordStep(user.username, password)]);
    const results = await Promise.all([secondStep(a, code), secondStep(b, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('counts wrong codes toward the same lockout as passwords: 429 after five, even with the right code', async () => {
    const { user, password, secret } = await totpUser();
    const challenge = await passwordStep(user.username, password);
    const next = await passwordStep(user.username, password);
    for (let i = 0; i < 3; i++) expectError(await secondStep(challenge, i % 2 ? '000001' : 'aaaaa-aaaaa'), 401, 'invalid_code');
    // Two wrong passwords on top make five failures for this account.
    for (let i = 0; i < 2; i++)
      expectError(
        await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: user.username, password: 'wrong-password' } }),
        401,
        'invalid_credentials',
      );
    await lockedOut(await secondStep(next, codeOf(secret, 1)));
    await lockedOut(await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: user.username, password } }));
  });

  it('does not clear the failures at the password step: only a whole sign-in does', async () => {
    const { user, password, secret } = await totpUser();
    for (let i = 0; i < 4; i++) {
      const challenge = await passwordStep(user.username, password);
      expectError(await secondStep(challenge, '000002'), 401, 'invalid_code');
    }
    const challenge = await passwordStep(user.username, password);
    expectError(await secondStep(challenge, '000003'), 401, 'invalid_code');
    await lockedOut(await secondStep(challenge, codeOf(secret)));
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const { user, password, recoveryCodes, token } = await totpUser();
    const [first, second] = recoveryCodes as [string, string];
    const res = await secondStep(await passwordStep(user.username, password), first.toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect((await status(token)).body.recoveryCodesLeft).toBe(9);
    expectError(await secondStep(await passwordStep(user.username, password), first), 401, 'invalid_code');
    expect((await secondStep(await passwordStep(user.username, password), ` ${second.replace('-', '')} `)).status).toBe(200);
    expect((await status(token)).body.recoveryCodesLeft).toBe(8);
  });

  it('refuses another user’s recovery code', async () => {
    const mine = await totpUser();
    const theirs = await totpUser();
    expectError(await secondStep(await passwordStep(mine.user.username, mine.password), theirs.recoveryCodes[0]!), 401, 'invalid_code');
  });

  it('keeps "Remember me": an unticked one gets a 12-hour session', async () => {
    const { user, password, secret } = await totpUser();
    const first = await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: user.username, password, remember: false } });
    const res = await secondStep(first.body.challenge, codeOf(secret));
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT created_at, expires_at FROM sessions WHERE user_id = ? ORDER BY id DESC LIMIT 1')
      .bind(user.id)
      .first<{ created_at: string; expires_at: string }>();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(12 * 3600_000);
  });

  it('validates the second step’s body', async () => {
    expectError(await api('/api/auth/login/2fa', { method: 'POST', json: { code: '123456' } }), 400, 'validation_failed');
    expectError(await api('/api/auth/login/2fa', { method: 'POST', json: { challenge: 'x'.repeat(43) } }), 400, 'validation_failed');
    expect(expectError(await secondStep('y'.repeat(43), '123456'), 401, 'invalid_code')).toMatchObject({ restart: true });
  });
});

describe('removing TOTP', () => {
  it('needs the password: 401 invalid_credentials for a wrong one, then 204 and sign-in by password alone', async () => {
    const { token, user, password } = await signUp('reporter');
    await enableTotp(token, password);
    expectError(
      await api('/api/auth/2fa/totp', { method: 'DELETE', token, json: { password: 'not-my-password' } }),
      401,
      'invalid_credentials',
    );
    expect((await status(token)).body.totp).toBe(true);
    expect((await api('/api/auth/2fa/totp', { method: 'DELETE', token, json: { password } })).status).toBe(204);
    expect((await status(token)).body).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect(await login(user.username, password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectError(await api('/api/auth/2fa/totp', { method: 'DELETE', token, json: { password } }), 404, 'not_found');
    // And it can be set up again, with a new secret.
    await enableTotp(token, password);
  });
});
