import { lookup } from 'node:dns/promises';
import { checkRemoteUrl, isPublicAddress } from '../../domain/federation/remote-address.ts';

/**
 * Every request the server makes for the fediverse goes through here (docs/product/api-fediverse.md, "What followers receive": never to a private or
 * loopback address, never over plain http, unless FEDERATION_ALLOW_PRIVATE=1): the address is
 * checked, and so is every address its name resolves to; redirects are followed by hand, each hop
 * checked again; the answer is bounded in time and in size.
 */
export interface RemotePolicy {
  allowPrivate: boolean;
  timeoutMs: number;
  /** The most a body may hold; larger answers are refused (0: the body is not read). */
  maxBytes: number;
  userAgent: string;
}

/** Signs one hop's request (a GET as one of our accounts, for servers that want to know who asks). */
export type SignHop = (request: Request) => Promise<Request>;

export class RemoteAddressError extends Error {
  override name = 'RemoteAddressError';
}

export class RemoteTooLargeError extends Error {
  override name = 'RemoteTooLargeError';
}

const MAX_REDIRECTS = 3;
/** A resolved name is trusted this long (per isolate) before it is resolved again. */
const RESOLVED_FOR_MS = 5 * 60_000;
const resolved = new Map<string, { ok: boolean; until: number }>();

async function assertPublicName(hostname: string): Promise<void> {
  if (!/[a-z]/i.test(hostname) || hostname.includes(':')) return; // an address, checked already
  const known = resolved.get(hostname);
  if (known && known.until > Date.now()) {
    if (!known.ok) throw new RemoteAddressError(`${hostname} resolves to a private address`);
    return;
  }
  let ok: boolean;
  try {
    const addresses = await lookup(hostname, { all: true });
    ok = addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address));
  } catch (error) {
    throw new RemoteAddressError(`${hostname} could not be resolved`, { cause: error });
  }
  resolved.set(hostname, { ok, until: Date.now() + RESOLVED_FOR_MS });
  if (!ok) throw new RemoteAddressError(`${hostname} resolves to a private address`);
}

/** The URL, if the policy lets the server reach it; else a RemoteAddressError. */
export async function allowedUrl(url: string, policy: Pick<RemotePolicy, 'allowPrivate'>): Promise<URL> {
  const check = checkRemoteUrl(url, policy.allowPrivate);
  if (!check.ok) throw new RemoteAddressError(`${url} is refused: ${check.reason}`);
  if (!policy.allowPrivate) await assertPublicName(check.url.hostname);
  return check.url;
}

/**
 * Fetches under the policy: GETs follow up to three redirects (each checked), anything else follows
 * none. The body is read into memory up to `maxBytes` within the time allowed. Answers the response
 * and the address it finally came from.
 */
export async function remoteFetch(
  url: string,
  init: RequestInit,
  policy: RemotePolicy,
  sign?: SignHop,
): Promise<{ response: Response; url: string }> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let target = await allowedUrl(url, policy);
  for (let hop = 0; ; hop++) {
    const headers = new Headers(init.headers);
    headers.set('User-Agent', policy.userAgent);
    const unsigned = new Request(target, { ...init, headers, redirect: 'manual', signal });
    const response = await fetch(sign ? await sign(unsigned) : unsigned);
    const location = response.headers.get('Location');
    const method = (init.method ?? 'GET').toUpperCase();
    if (response.status >= 300 && response.status < 400 && location && method === 'GET' && hop < MAX_REDIRECTS) {
      await response.body?.cancel();
      target = await allowedUrl(new URL(location, target).href, policy);
      continue;
    }
    const body = await readBounded(response, policy.maxBytes);
    return {
      response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }),
      url: target.href,
    };
  }
}

async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return null;
  if (maxBytes === 0) {
    await response.body.cancel();
    return null;
  }
  const declared = Number(response.headers.get('Content-Length') ?? NaN);
  if (declared > maxBytes) {
    await response.body.cancel();
    throw new RemoteTooLargeError(`The answer is larger than ${maxBytes} bytes`);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new RemoteTooLargeError(`The answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
