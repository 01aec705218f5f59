import { toHex } from './bytes.ts';
import { hashSessionToken, newSessionToken } from './session-tokens.ts';

/** Ten recovery codes per TOTP (docs/product/api-sign-in-security.md). */
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: read off paper and typed without mistakes. 31 symbols, 10 of them: about 50 bits. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const CODE_LENGTH = 10;

/** Ten random codes, shown as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = randomSymbols(CODE_LENGTH);
    return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
  });
}

/** A typed recovery code as stored: lower case, without spaces and dashes; null when it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '');
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/**
 * Recovery codes are kept only as HMAC-SHA-256 under the pepper: a stolen database alone does not
 * let anyone test guesses at them.
 */
export async function recoveryCodeHash(pepper: string, normalised: string): Promise<string> {
  if (pepper.length < 16) throw new Error('PASSWORD_PEPPER must be set to at least 16 characters');
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(`recovery-code:${normalised}`)));
}

/** An opaque single-use handle (a second step's challenge, a reset link's token): 256 random bits; the server keeps its SHA-256. */
export const newHandle = newSessionToken;

export const handleHash = hashSessionToken;

function randomSymbols(count: number): string {
  let out = '';
  // Rejection sampling keeps every symbol equally likely (256 is not a multiple of 31).
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < count) {
    for (const byte of crypto.getRandomValues(new Uint8Array(count * 2))) {
      if (byte < limit && out.length < count) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}
