import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * HTTP Signatures as another fediverse server does them, written from the specifications with
 * node:crypto alone (never the newsroom's library): draft-cavage-http-signatures-12 as Mastodon
 * signs and checks (rsa-sha256 over (request-target), host, date, digest), and RFC 9421 with
 * RFC 9530's Content-Digest. The test peer signs what it sends with these and checks what it gets.
 */

export function sha256Base64(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('base64');
}

function lowerHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Headers for a signed request (draft-cavage): Date, Digest (with a body), Host and Signature. */
export function signCavage(
  request: { method: string; url: string; body?: string; headers?: Record<string, string> },
  key: { keyId: string; privateKeyPem: string },
  date = new Date(),
): Record<string, string> {
  const url = new URL(request.url);
  const headers: Record<string, string> = { ...lowerHeaders(request.headers ?? {}), host: url.host, date: date.toUTCString() };
  if (request.body !== undefined) headers.digest = `SHA-256=${sha256Base64(request.body)}`;
  const names = ['(request-target)', 'host', 'date', ...(request.body !== undefined ? ['digest'] : [])];
  const signingString = names
    .map((name) =>
      name === '(request-target)'
        ? `(request-target): ${request.method.toLowerCase()} ${url.pathname}${url.search}`
        : `${name}: ${headers[name]}`,
    )
    .join('\n');
  const signature = sign('sha256', Buffer.from(signingString), createPrivateKey(key.privateKeyPem)).toString('base64');
  headers.signature = `keyId="${key.keyId}",algorithm="rsa-sha256",headers="${names.join(' ')}",signature="${signature}"`;
  return headers;
}

/** Headers for a signed request (RFC 9421, rsa-v1_5-sha256) with its Content-Digest (RFC 9530). */
export function signRfc9421(
  request: { method: string; url: string; body?: string; headers?: Record<string, string> },
  key: { keyId: string; privateKeyPem: string },
  date = new Date(),
): Record<string, string> {
  const url = new URL(request.url);
  const headers: Record<string, string> = { ...lowerHeaders(request.headers ?? {}), host: url.host, date: date.toUTCString() };
  if (request.body !== undefined) headers['content-digest'] = `sha-256=:${sha256Base64(request.body)}:`;
  const components = ['"@method"', '"@target-uri"', '"@authority"', ...(request.body !== undefined ? ['"content-digest"'] : []), '"date"'];
  const created = Math.floor(date.getTime() / 1000);
  const params = `(${components.join(' ')});created=${created};keyid="${key.keyId}";alg="rsa-v1_5-sha256"`;
  const value = (component: string): string => {
    switch (component) {
      case '"@method"':
        return request.method.toUpperCase();
      case '"@target-uri"':
        return url.href;
      case '"@authority"':
        return url.host;
      default:
        return headers[component.slice(1, -1)]!;
    }
  };
  const base = [...components.map((component) => `${component}: ${value(component)}`), `"@signature-params": ${params}`].join('\n');
  const signature = sign('sha256', Buffer.from(base), createPrivateKey(key.privateKeyPem)).toString('base64');
  headers['signature-input'] = `sig1=${params}`;
  headers.signature = `sig1=:${signature}:`;
  return headers;
}

export interface CavageVerdict {
  verified: boolean;
  reason: string | null;
  keyId: string | null;
  /** The headers the signature covered, in order. */
  covered: string[];
}

function parseSignatureHeader(header: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of header.matchAll(/([a-zA-Z]+)="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

/**
 * Checks a request signed as Mastodon requires: a draft-cavage Signature over at least
 * (request-target), host, date and digest, a Digest that matches the body, and a Date within the
 * hour. `keyFor` finds the signer's public key (the peer fetches the actor it names).
 */
export async function verifyCavage(
  request: { method: string; path: string; headers: Record<string, string | undefined>; body: string },
  keyFor: (keyId: string) => Promise<string | null>,
  now = new Date(),
): Promise<CavageVerdict> {
  const header = request.headers.signature;
  if (!header) return { verified: false, reason: 'no Signature header', keyId: null, covered: [] };
  const fields = parseSignatureHeader(header);
  const keyId = fields.keyId ?? null;
  const covered = (fields.headers ?? 'date').toLowerCase().split(/\s+/);
  const fail = (reason: string): CavageVerdict => ({ verified: false, reason, keyId, covered });
  if (!keyId || !fields.signature) return fail('no keyId or signature');
  if (fields.algorithm && !['rsa-sha256', 'hs2019'].includes(fields.algorithm)) return fail(`algorithm ${fields.algorithm}`);
  for (const needed of ['(request-target)', 'host', 'date', 'digest'])
    if (!covered.includes(needed)) return fail(`${needed} is not signed`);
  const date = Date.parse(request.headers.date ?? '');
  if (!Number.isFinite(date) || Math.abs(now.getTime() - date) > 3600_000) return fail('Date is missing or more than an hour off');
  if (request.headers.digest !== `SHA-256=${sha256Base64(request.body)}`) return fail('Digest does not match the body');
  const signingString = covered
    .map((name) =>
      name === '(request-target)'
        ? `(request-target): ${request.method.toLowerCase()} ${request.path}`
        : `${name}: ${request.headers[name] ?? ''}`,
    )
    .join('\n');
  const pem = await keyFor(keyId);
  if (!pem) return fail(`no key found at ${keyId}`);
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    return fail('the key is not a public key');
  }
  const ok = verify('sha256', Buffer.from(signingString), key, Buffer.from(fields.signature, 'base64'));
  return ok ? { verified: true, reason: null, keyId, covered } : fail('the signature does not verify');
}
