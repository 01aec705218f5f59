/**
 * Where the server may send a request for the fediverse, and fetch from (docs/product/api-fediverse.md, "What followers receive": never a private or
 * loopback address, never plain http, unless FEDERATION_ALLOW_PRIVATE=1 for tests on one machine).
 * A name is checked here for what it says; the adapter also checks the addresses it resolves to.
 */
export type AddressCheck = { ok: true; url: URL } | { ok: false; reason: string };

const PRIVATE_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

export function checkRemoteUrl(text: string, allowPrivate: boolean): AddressCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return { ok: false, reason: 'not https' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials in the URL' };
  if (allowPrivate) return { ok: true, url };
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (PRIVATE_NAME.test(host) || (!host.includes('.') && !host.includes(':'))) return { ok: false, reason: 'a private name' };
  if (!isPublicAddress(host)) return { ok: false, reason: 'a private address' };
  return { ok: true, url };
}

/** True for a host name (checked elsewhere once resolved) and for public IPv4 and IPv6 addresses. */
export function isPublicAddress(host: string): boolean {
  const v4 = parseIpv4(host);
  if (v4 !== null) return isPublicIpv4(v4);
  if (host.includes(':')) {
    const v6 = parseIpv6(host);
    return v6 !== null && isPublicIpv6(v6);
  }
  return true;
}

function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** [base, prefix length]: this network, private, shared, loopback, link-local, documentation, benchmarking, multicast, reserved. */
const PRIVATE_V4: [number, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
].map(([base, bits]) => [parseIpv4(base as string)!, bits as number]);

function isPublicIpv4(value: number): boolean {
  return !PRIVATE_V4.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** Eight 16-bit groups, or null. */
function parseIpv6(text: string): number[] | null {
  let body = text.toLowerCase();
  const zone = body.indexOf('%');
  if (zone !== -1) body = body.slice(0, zone);
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) is two groups.
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail);
    if (v4 === null) return null;
    body = `${body.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

function isPublicIpv6(groups: number[]): boolean {
  const [a, b] = groups as [number, number];
  const zeroUntil = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroUntil(8)) return false; // ::
  if (zeroUntil(7) && groups[7] === 1) return false; // ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address decides.
  if (zeroUntil(5) && (groups[5] === 0xffff || groups[5] === 0)) return isPublicIpv4(groups[6]! * 65536 + groups[7]!);
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it carries.
  if (a === 0x64 && b === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return isPublicIpv4(groups[6]! * 65536 + groups[7]!);
  if ((a & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((a & 0xffc0) === 0xfec0) return false; // site-local fec0::/10
  if ((a & 0xff00) === 0xff00) return false; // multicast
  if (a === 0x2001 && b === 0x0db8) return false; // documentation
  if (a === 0x0100 && groups.slice(1, 4).every((group) => group === 0)) return false; // discard 100::/64
  return true;
}

/** The host deliveries are grouped and limited by: lower case, with its port when it has one. */
export function hostOf(url: string): string {
  return new URL(url).host.toLowerCase();
}

/** Whether two addresses are on the same origin (scheme, host and port). */
function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * Where a new follower's deliveries go (decision 106): their server's shared inbox, else their own inbox,
 * only on the origin of their own actor. An actor document is the follower's own word: an inbox
 * elsewhere would have the newsroom sign and send its activities to a server the follower chose
 * (reflection), so such an inbox is refused, and with no inbox left the Follow is dropped.
 */
export function followerInbox(actorUri: string, inboxes: { shared: string | null; own: string | null }): string | null {
  if (inboxes.shared && sameOrigin(inboxes.shared, actorUri)) return inboxes.shared;
  if (inboxes.own && sameOrigin(inboxes.own, actorUri)) return inboxes.own;
  return null;
}

/**
 * A link another server gave (a reply's page, its author's profile) as the newsroom may show it: an
 * http(s) address, else null. `javascript:`, `data:` and the rest are never made into links.
 */
export function webLinkOrNull(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
