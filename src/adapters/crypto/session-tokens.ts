import { toBase64Url } from '../../media/base64.ts';
import { toHex } from './bytes.ts';

/** 256 random bits; the client gets the token, the database only its SHA-256. */
export function newSessionToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function hashSessionToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}
