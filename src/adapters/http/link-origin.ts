import { linkOrigin } from '../../domain/site/site-origin.ts';

/** The origin a mailed link points at: SITE_ORIGIN, else (a site that says none) this request's (decision 106). */
export function linkOriginOf(c: { var: { deps: { siteOrigin: string | null } }; req: { url: string } }): string {
  return linkOrigin(c.var.deps.siteOrigin, new URL(c.req.url).origin);
}
