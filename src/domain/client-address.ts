/**
 * The key a request-rate limit counts a client under (decision 070): its address as the edge saw it
 * (CF-Connecting-IP). An IPv4 address is one client; an IPv6 address counts as its /64, the block one
 * home or phone is given (it picks a new address inside it at will). An IPv4 address written as IPv6
 * (::ffff:a.b.c.d) is that IPv4 address. Without an address (only a worker called directly, never
 * through Cloudflare or wrangler) every such request shares one key.
 */
export function clientAddressKey(address: string | null | undefined): string {
  const text = address?.trim().toLowerCase() ?? '';
  if (text === '') return 'unknown';
  if (!text.includes(':')) return text;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped) return mapped[1]!;
  const groups = expandIpv6(text);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : text;
}

/** The eight groups of an IPv6 address, without leading zeros; null when it is not one. */
function expandIpv6(text: string): string[] | null {
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0) return null;
  const left = head === '' ? [] : head!.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
