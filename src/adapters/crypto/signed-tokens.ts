import type { SignedTokens } from '../../domain/newsletters/ports.ts';
import { fromBase64Url, toBase64Url } from '../../media/base64.ts';
import { constantTimeEqual } from './bytes.ts';

/**
 * Tokens only this server can make (decision 082): `{payload}.{HMAC-SHA-256 of it, 128 bits}`,
 * base64url, under a key derived from PASSWORD_PEPPER for this one purpose (so no new secret, and
 * a token says nothing about the pepper). Rotating the pepper voids the links in mail already sent.
 */
export class HmacSignedTokens implements SignedTokens {
  private key: Promise<CryptoKey> | null = null;

  constructor(
    private readonly secret: string,
    private readonly purpose: string,
  ) {}

  private hmacKey(): Promise<CryptoKey> {
    this.key ??= (async () => {
      const encoder = new TextEncoder();
      const master = await crypto.subtle.importKey('raw', encoder.encode(this.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      const derived = await crypto.subtle.sign('HMAC', master, encoder.encode(`newsroom:${this.purpose}`));
      return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    })();
    return this.key;
  }

  private async mac(payload: string): Promise<Uint8Array> {
    if (this.secret.length < 16) throw new Error('PASSWORD_PEPPER must be set to at least 16 characters');
    return new Uint8Array(await crypto.subtle.sign('HMAC', await this.hmacKey(), new TextEncoder().encode(payload))).slice(0, 16);
  }

  async sign(payload: string): Promise<string> {
    return `${toBase64Url(new TextEncoder().encode(payload))}.${toBase64Url(await this.mac(payload))}`;
  }

  async verify(token: string): Promise<string | null> {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const payload = new TextDecoder().decode(fromBase64Url(body));
    return constantTimeEqual(fromBase64Url(signature), await this.mac(payload)) ? payload : null;
  }
}
