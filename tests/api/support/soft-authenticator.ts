import { toBase64Url } from '../../../src/media/base64.ts';

/**
 * A software WebAuthn authenticator for the API tests: it makes what a browser would send after a
 * real authenticator answered (attestation "none", ES256 keys, user present and verified), so the
 * server's real verification (@simplewebauthn/server) runs on real signatures. The browser journeys
 * use Chromium's own virtual authenticator instead.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  if (length < 65536) return [(major << 5) | 25, length >> 8, length & 0xff];
  return [(major << 5) | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
}

/** The few CBOR shapes WebAuthn needs (RFC 8949): integers, byte and text strings, maps. */
export function cbor(value: Cbor): Uint8Array {
  const out: number[] = [];
  const write = (v: Cbor) => {
    if (typeof v === 'number') out.push(...(v >= 0 ? head(0, v) : head(1, -1 - v)));
    else if (typeof v === 'string') {
      const bytes = new TextEncoder().encode(v);
      out.push(...head(3, bytes.length), ...bytes);
    } else if (v instanceof Uint8Array) out.push(...head(2, v.length), ...v);
    else {
      const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
      out.push(...head(5, entries.length));
      for (const [key, item] of entries) {
        write(key);
        write(item);
      }
    }
  };
  write(value);
  return new Uint8Array(out);
}

async function sha256(bytes: Uint8Array | string): Promise<Uint8Array> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** WebCrypto signs ECDSA as r||s; WebAuthn wants ASN.1 DER. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let trimmed: Uint8Array = bytes.slice(i);
    if (trimmed[0]! & 0x80) trimmed = concat(new Uint8Array([0]), trimmed);
    return concat(new Uint8Array([0x02, trimmed.length]), trimmed);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  private userHandle = '';

  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create(): Promise<SoftAuthenticator> {
    return new SoftAuthenticator(
      (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair,
    );
  }

  get id(): string {
    return toBase64Url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return toBase64Url(new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  /** The browser's JSON for navigator.credentials.create() with these options, as if on `origin`. */
  async register(options: CreationOptions, origin: string, flags = UP | UV | AT) {
    this.userHandle = options.user.id;
    const jwk = (await crypto.subtle.exportKey('jwk', this.keys.publicKey)) as JsonWebKey;
    const fromB64Url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, fromB64Url(jwk.x!)],
        [-3, fromB64Url(jwk.y!)],
      ]),
    );
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const authData = concat(
      await sha256(rpId),
      new Uint8Array([flags]),
      new Uint8Array([0, 0, 0, 0]),
      new Uint8Array(16),
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      cose,
    );
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, origin),
        attestationObject: toBase64Url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The browser's JSON for navigator.credentials.get() with this challenge, as if on `origin`. */
  async signIn(options: { challenge: string; rpId?: string }, origin: string, flags = UP | UV) {
    this.counter += 1;
    const rpId = options.rpId ?? new URL(origin).hostname;
    const authData = concat(await sha256(rpId), new Uint8Array([flags]), new Uint8Array([0, 0, 0, this.counter]));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signed = concat(
      authData,
      await sha256(Uint8Array.from(atob(clientDataJSON.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))),
    );
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: toBase64Url(authData),
        signature: toBase64Url(derSignature(raw)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
