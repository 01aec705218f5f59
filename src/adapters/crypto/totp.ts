import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through otpauth, a small, well-kept implementation (decision 052), with the
 * parameters every authenticator app assumes: HMAC-SHA-1, 6 digits, 30-second steps.
 * tests/api/totp-rfc6238.test.ts checks it against the RFC's own test vectors.
 */
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code is accepted for the step before and after now too (clock drift, a code typed as it turned). */
export const TOTP_WINDOW = 1;
/** 160 bits, the HMAC-SHA-1 block's worth RFC 4226 recommends. */
const SECRET_BYTES = 20;

/** A new random secret, base32 (what an authenticator app takes when typed). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// address a QR code carries (Google Authenticator's key URI format). */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The time step a moment falls in. */
export function totpStep(timestampMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: timestampMs });
}

export interface TotpOptions {
  algorithm?: 'SHA1' | 'SHA256' | 'SHA512';
  digits?: number;
}

/** The code for a moment (the RFC's vectors use other algorithms and 8 digits, hence the options). */
export function totpCode(secret: Uint8Array | string, timestampMs: number, options: TotpOptions = {}): string {
  return TOTP.generate({
    secret: typeof secret === 'string' ? Secret.fromBase32(secret) : new Secret({ buffer: secret.slice().buffer }),
    algorithm: options.algorithm ?? TOTP_ALGORITHM,
    digits: options.digits ?? TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: timestampMs,
  });
}

/**
 * The time step `code` is the code of, within TOTP_WINDOW steps of now, or null. Whether that step
 * was used already (a replay) is the store's to say: it keeps the last step accepted.
 */
export function matchingTotpStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: nowMs,
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStep(nowMs) + delta;
}
