import type { SignInSecrets } from '../../domain/security/ports.ts';
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
 * HMAC-SHA-256 under the pepper, for what must be found again but never read back: recovery codes
 * (a stolen database alone does not let anyone test guesses at them) and names typed at sign-in.
 * `purpose` keeps the two kinds of hash apart.
 */
export async function pepperedHash(pepper: string, purpose: string, text: string): Promise<string> {
  if (pepper.length < 16) throw new Error('PASSWORD_PEPPER must be set to at least 16 characters');
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${purpose}:${text}`)));
}

/**
 * The security use cases' tokens and keyed hashes (SignInSecrets): session tokens, challenges and
 * reset links are 256 random bits kept only as SHA-256; names typed at sign-in and recovery codes
 * only as HMAC under the pepper.
 */
export class PepperedSignInSecrets implements SignInSecrets {
  constructor(private readonly pepper: string) {}

  newToken = newSessionToken;
  tokenHash = hashSessionToken;
  newRecoveryCodes = newRecoveryCodes;

  nameHash(name: string): Promise<string> {
    return pepperedHash(this.pepper, 'sign-in-name', name);
  }

  async recoveryCodeHash(typed: string): Promise<string | null> {
    const code = normaliseRecoveryCode(typed);
    return code === null ? null : pepperedHash(this.pepper, 'recovery-code', code);
  }
}

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
