/**
 * A push subscription's endpoint is an address the server will post to, given by anyone: only an
 * https address on a public host (docs/product/api-alerts.md). Push services (FCM, Mozilla's
 * autopush, Apple, Windows) are named hosts on port 443, so the rules are strict by name: no IP
 * literals, no single-label or reserved local names, no other port, no credentials. Local tests
 * (PUSH_ALLOW_PRIVATE=1) may use http and any host, for a push receiver on this machine.
 *
 * A public name that resolves to a private address is not caught here; a Worker's fetch cannot
 * reach private networks on Cloudflare (decision 100).
 */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** Suffixes of names that are never public (RFC 6761, RFC 6762, RFC 8375 and common private zones). */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'home.arpa', 'test', 'invalid', 'example'];

const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Whether a URL's hostname (as `URL` gives it: lower case, IPv6 in brackets) is a public DNS name. */
export function isPublicHostname(hostname: string): boolean {
  if (hostname.length === 0 || hostname.length > 253 || hostname.startsWith('[')) return false;
  const labels = hostname.replace(/\.$/, '').split('.');
  if (labels.length < 2 || !labels.every((label) => DNS_LABEL.test(label))) return false;
  // An all-digit last label is an IPv4 literal (URL normalises 127.1 and 0x7f.1 to dotted quads).
  if (/^\d+$/.test(labels[labels.length - 1]!)) return false;
  const name = labels.join('.');
  return !LOCAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/** Why this endpoint is refused, or null when the server may post to it. */
export function pushEndpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return `A push endpoint is at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'A push endpoint is the https address the browser gave';
  }
  if (url.username !== '' || url.password !== '') return 'A push endpoint carries no user name or password';
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'A push endpoint is an http(s) address';
  if (url.protocol !== 'https:') return 'A push endpoint must be an https address';
  if (url.port !== '') return 'A push endpoint is on the standard https port';
  if (!isPublicHostname(url.hostname)) return 'A push endpoint must be on a public host';
  return null;
}
