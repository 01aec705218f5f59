/** docs/product/rules.md#validation: the only link schemes the editor accepts. */
export const LINK_PROTOCOLS = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'] as const;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** True for a link with an allowed scheme, or a link within this site (a path or a #fragment). */
export function isAllowedLink(href: string): boolean {
  const value = href.trim();
  if (value === '' || /[\s<>"]/.test(value)) return false;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('#');
  return (LINK_PROTOCOLS as readonly string[]).includes(scheme);
}

export type LinkInput = { kind: 'remove' } | { kind: 'link'; href: string } | { kind: 'invalid' };

/**
 * What the reporter typed at "Enter URL:": blank removes the link; "example.com" and
 * "name@example.com" get the scheme they obviously mean; anything with a scheme outside
 * docs/product/rules.md#validation's list is refused.
 */
export function parseLinkInput(raw: string): LinkInput {
  const value = raw.trim();
  if (value === '') return { kind: 'remove' };
  let href = value;
  if (!SCHEME.test(value) && !value.startsWith('/') && !value.startsWith('#')) {
    if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) href = `mailto:${value}`;
    else if (/^[^\s/]+\.[^\s/]+/.test(value)) href = `https://${value}`;
  }
  return isAllowedLink(href) ? { kind: 'link', href } : { kind: 'invalid' };
}
