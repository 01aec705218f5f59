import { fromBase64Url, toBase64Url } from '../../media/base64.ts';

/**
 * The application server's identity to push services (RFC 8292, VAPID): an ES256 JWT naming the push
 * service's origin (`aud`), when it expires (`exp`, at most 24 hours away) and whom to write to
 * (`sub`), sent as `Authorization: vapid t={jwt}, k={public key}`.
 *
 * A token depends only on the push service's origin and the contact, so one token serves every
 * subscription on that service for hours: an alert to 10,000 phones on FCM signs once, not 10,000
 * times (decision 100). Tokens live 12 hours and are renewed when less than one is left.
 */
const TOKEN_SECONDS = 12 * 60 * 60;
const RENEW_WITHIN_SECONDS = 60 * 60;
/** Origins kept at once: push services are few (FCM, Mozilla, Apple, Windows); a bound keeps memory flat. */
const MAX_CACHED = 64;

export interface VapidKeyPair {
  /** The uncompressed P-256 point (65 bytes), base64url: what browsers subscribe with. */
  publicKey: string;
  /** The private scalar `d` (32 bytes), base64url. */
  privateKey: string;
}

const json64 = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

export class VapidSigner {
  private signingKey: Promise<CryptoKey> | null = null;
  private readonly tokens = new Map<string, { header: string; exp: number }>();

  constructor(private readonly keys: VapidKeyPair) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** The Authorization header for a push to `endpoint`, at `nowSeconds`. */
  async authorization(endpoint: string, contact: string, nowSeconds: number): Promise<string> {
    const aud = new URL(endpoint).origin;
    const cacheKey = `${aud} ${contact}`;
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.exp - nowSeconds > RENEW_WITHIN_SECONDS) return cached.header;

    const exp = nowSeconds + TOKEN_SECONDS;
    const unsigned = `${json64({ typ: 'JWT', alg: 'ES256' })}.${json64({ aud, exp, sub: contact })}`;
    // WebCrypto's ECDSA signature is r || s, 64 bytes: exactly JWS's ES256 form (RFC 7518 section 3.4).
    const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await this.key(), new TextEncoder().encode(unsigned));
    const header = `vapid t=${unsigned}.${toBase64Url(new Uint8Array(signature))}, k=${this.keys.publicKey}`;
    if (this.tokens.size >= MAX_CACHED) this.tokens.clear();
    this.tokens.set(cacheKey, { header, exp });
    return header;
  }

  private key(): Promise<CryptoKey> {
    this.signingKey ??= importSigningKey(this.keys);
    return this.signingKey;
  }
}

function importSigningKey(keys: VapidKeyPair): Promise<CryptoKey> {
  const point = fromBase64Url(keys.publicKey);
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID_PUBLIC_KEY is not an uncompressed P-256 public key (base64url)');
  const jwk: JsonWebKey = {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64Url(point.slice(1, 33)),
    y: toBase64Url(point.slice(33)),
    d: keys.privateKey,
  };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
}

/** The key pair from the worker's secrets, or null when they are not set (alerts are then off). */
export function vapidKeysFrom(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }): VapidKeyPair | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}
