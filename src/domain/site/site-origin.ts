/**
 * The origin the site is known by (SITE_ORIGIN: `https://news.example`), for what is read away from
 * the request that made it: links in mail, and the fediverse's ids, which other servers keep for
 * ever. A request's Host is the client's to choose where no edge fixes it (any server but
 * Cloudflare's), so it never decides these once a deployment says its origin (decision 106).
 */
export function parseSiteOrigin(text: string | undefined): string | null {
  if (!text?.trim()) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

/** The origin links are made of: the configured one, else (a site that says none) the request's own. */
export function linkOrigin(siteOrigin: string | null, requestOrigin: string): string {
  return siteOrigin ?? requestOrigin;
}
