import { expect } from 'vitest';
import { totpCode, TOTP_PERIOD_SECONDS } from '../../../src/adapters/crypto/totp.ts';
import { api } from './api.ts';

/** The current code of a secret, or of the step `offset` steps away. */
export function codeOf(secret: string, offset = 0): string {
  return totpCode(secret, Date.now() + offset * TOTP_PERIOD_SECONDS * 1000);
}

/** Sets TOTP up for the signed-in user through the API, as the profile screen does (with the password); its secret and recovery codes. */
export async function enableTotp(token: string, password: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await api<{ secret: string; otpauthUrl: string }>('/api/auth/2fa/totp/setup', {
    method: 'POST',
    token,
    json: { password },
  });
  expect(setup.status, setup.text).toBe(200);
  // The code of the step before: a later sign-in with the current code is then not a replay of it.
  const confirm = await api<{ recoveryCodes: string[] }>('/api/auth/2fa/totp/confirm', {
    method: 'POST',
    token,
    json: { code: codeOf(setup.body.secret, -1) },
  });
  expect(confirm.status, confirm.text).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: confirm.body.recoveryCodes };
}

/** The first step of a sign-in for an account with a second factor: its challenge. */
export async function passwordStep(emailOrUsername: string, password: string): Promise<string> {
  const res = await api<{ twoFactorRequired: boolean; challenge: string }>('/api/auth/login', {
    method: 'POST',
    json: { emailOrUsername, password },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.twoFactorRequired).toBe(true);
  return res.body.challenge;
}

export function secondStep(challenge: string, code: string) {
  return api<{ token: string }>('/api/auth/login/2fa', { method: 'POST', json: { challenge, code } });
}
