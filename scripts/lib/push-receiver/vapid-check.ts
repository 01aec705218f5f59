import { createPublicKey, verify } from 'node:crypto';

/**
 * What a push service checks of a request's `Authorization` (RFC 8292) before it takes a message,
 * done with Node's crypto (independently of the server's code): the `vapid` scheme with `t` (a JWT)
 * and `k` (the application server's public key); `k` is the key the subscription was made with; the
 * JWT is ES256 and verifies with `k`; `aud` is this push service's origin; `exp` is in the future and
 * at most 24 hours away; `sub` is a contact (mailto: or https:) that is not on localhost, which
 * Apple refuses.
 */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export type VapidCheck = { ok: true; claims: VapidClaims } | { ok: false; status: 401 | 403; reason: string };

const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

function publicKeyOf(k: string) {
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return null;
  try {
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}

function json(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Tokens whose signature verified, by their text (a server reuses one token for hours, so a push
 * service that sees it again need not verify it again; the claims are still checked every time).
 */
const verified = new Map<string, Partial<VapidClaims> | null>();
const VERIFIED_KEPT = 1000;

export function checkVapid(authorization: string | undefined, expectedKey: string, audience: string, nowSeconds: number): VapidCheck {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return { ok: false, status: 401, reason: 'no vapid Authorization' };
  const params = new Map(
    match[1]!.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) return { ok: false, status: 401, reason: 'Authorization lacks t or k' };
  if (k !== expectedKey) return { ok: false, status: 403, reason: 'k is not the key this subscription was made with' };
  const cacheKey = `${k} ${token}`;
  if (!verified.has(cacheKey)) {
    const signature = verifySignature(token, k);
    if (typeof signature === 'string') return { ok: false, status: 401, reason: signature };
    if (verified.size >= VERIFIED_KEPT) verified.clear();
    verified.set(cacheKey, signature);
  }
  const claims = verified.get(cacheKey);
  if (!claims || typeof claims.aud !== 'string' || typeof claims.exp !== 'number' || typeof claims.sub !== 'string')
    return { ok: false, status: 401, reason: 'the JWT lacks aud, exp or sub' };
  if (claims.aud !== audience) return { ok: false, status: 401, reason: `aud is ${claims.aud}, not ${audience}` };
  if (claims.exp <= nowSeconds) return { ok: false, status: 401, reason: 'the JWT has expired' };
  if (claims.exp > nowSeconds + MAX_LIFETIME_SECONDS) return { ok: false, status: 401, reason: 'exp is more than 24 hours away' };
  if (!/^(mailto:[^@\s]+@[^@\s]+\.[^@\s]+|https:\/\/.+)$/.test(claims.sub) || /@localhost$|\/\/localhost\b/i.test(claims.sub))
    return { ok: false, status: 403, reason: `sub ${claims.sub} is not a contact push services take` };
  return { ok: true, claims: claims as VapidClaims };
}

/** The token's claims when it is an ES256 JWT signed with `k`, else why not. */
function verifySignature(token: string, k: string): Partial<VapidClaims> | null | string {
  const key = publicKeyOf(k);
  if (!key) return 'k is not a P-256 public key';
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0) return 't is not a JWT';
  const head = json(header) as { alg?: unknown } | null;
  if (head?.alg !== 'ES256') return 'the JWT is not ES256';
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'the JWT signature does not verify with k';
  return json(payload) as Partial<VapidClaims> | null;
}
