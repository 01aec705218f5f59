import { describe, expect, it } from 'vitest';
import { matchingTotpStep, newTotpSecret, totpCode, totpStep, totpUri } from '../../src/adapters/crypto/totp.ts';

/**
 * The TOTP implementation against RFC 6238's own test vectors (Appendix B), in workerd as it runs in
 * production: 8-digit codes for the three HMACs at the RFC's times, and the product's 6-digit SHA-1
 * codes, which are the same numbers' last six digits (RFC 4226's truncation, modulo 10^digits).
 */

const ascii = (text: string) => new TextEncoder().encode(text);
const SEEDS = {
  SHA1: ascii('12345678901234567890'),
  SHA256: ascii('12345678901234567890123456789012'),
  SHA512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
} as const;

// prettier-ignore
const VECTORS: [seconds: number, step: string, SHA1: string, SHA256: string, SHA512: string][] = [
  [59,          '0000000000000001', '94287082', '46119246', '90693936'],
  [1111111109,  '00000000023523EC', '07081804', '68084774', '25091201'],
  [1111111111,  '00000000023523ED', '14050471', '67062674', '99943326'],
  [1234567890,  '000000000273EF07', '89005924', '91819424', '93441116'],
  [2000000000,  '0000000003F940AA', '69279037', '90698825', '38618901'],
  [20000000000, '0000000027BC86AA', '65353130', '77737706', '47863826'],
];

describe('RFC 6238 Appendix B', () => {
  it.each(VECTORS)('at %i s (step %s): %s, %s, %s', (seconds, step, sha1, sha256, sha512) => {
    const ms = seconds * 1000;
    expect(totpStep(ms)).toBe(parseInt(step, 16));
    expect(totpCode(SEEDS.SHA1, ms, { algorithm: 'SHA1', digits: 8 })).toBe(sha1);
    expect(totpCode(SEEDS.SHA256, ms, { algorithm: 'SHA256', digits: 8 })).toBe(sha256);
    expect(totpCode(SEEDS.SHA512, ms, { algorithm: 'SHA512', digits: 8 })).toBe(sha512);
    // The product's codes: SHA-1, 6 digits.
    expect(totpCode(SEEDS.SHA1, ms)).toBe(sha1.slice(2));
  });
});

describe('matching a typed code', () => {
  // The SHA-1 seed as base32, as an authenticator app is given it.
  const base32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('accepts the code of now and of one step either side, and names the step', () => {
    const now = 1111111111 * 1000;
    expect(totpCode(base32, now)).toBe('050471');
    expect(matchingTotpStep(base32, '050471', now)).toBe(0x23523ed);
    expect(matchingTotpStep(base32, totpCode(base32, now - 30_000), now)).toBe(0x23523ec);
    expect(matchingTotpStep(base32, totpCode(base32, now + 30_000), now)).toBe(0x23523ee);
  });

  it('refuses codes two steps away, wrong codes and anything that is not six digits', () => {
    const now = 1234567890 * 1000;
    expect(matchingTotpStep(base32, totpCode(base32, now - 60_000), now)).toBeNull();
    expect(matchingTotpStep(base32, totpCode(base32, now + 60_000), now)).toBeNull();
    expect(matchingTotpStep(base32, '000000', now)).toBeNull();
    for (const typed of ['', '05924', '0059240', '05 924', 'abcdef', '005924 ']) expect(matchingTotpStep(base32, typed, now)).toBeNull();
    expect(matchingTotpStep(base32, '005924', now)).toBe(0x273ef07);
  });

  it('makes 160-bit base32 secrets and otpauth addresses apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'maya.okafor', 'The Newsroom'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/The Newsroom:maya.okafor');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ issuer: 'The Newsroom', secret, algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
