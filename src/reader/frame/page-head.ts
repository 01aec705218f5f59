import { site } from '../../domain/site/site.ts';

/**
 * What a page puts in <head> (decision 120): its title, description, canonical address, Open Graph
 * and Twitter tags and JSON-LD, as data. Each page's `*-head.ts` builds it; head-tags.tsx writes it.
 */
export interface PageHead {
  title: string;
  description: string;
  canonical?: string;
  robots?: string;
  /** Open Graph properties (og:*, article:*, profile:*), in order. */
  openGraph: [property: string, content: string][];
  twitter: [name: string, content: string][];
  /** JSON-LD objects, each its own data block. */
  jsonLd: object[];
}

/** A page search engines should not index and nobody previews: its title and description only. */
export function privateHead(title: string, description: string): PageHead {
  return { title: `${title} – ${site.name}`, description, robots: 'noindex', openGraph: [], twitter: [], jsonLd: [] };
}

/** The site-wide share picture (1200 by 630), for pages and stories without a picture of their own, and what it shows. */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';
export const DEFAULT_SHARE_IMAGE_ALT = `${site.name}’s logo, a white N on red, and its name over the words “${site.tagline}”`;
export const LOGO_IMAGE = '/logo.png';

/** Handles on X for twitter:site (the site's setting) and twitter:creator (the page's author), each when there is one. */
export interface PageSocial {
  site: string | null;
  creator?: string | null;
}

/** twitter:site and twitter:creator, for the handles that exist. */
export function twitterHandles(social: PageSocial): [string, string][] {
  const tags: [string, string][] = [];
  if (social.site) tags.push(['twitter:site', social.site]);
  if (social.creator) tags.push(['twitter:creator', social.creator]);
  return tags;
}

/** The site's share picture: og:image with its size and alt text, for a page without a picture of its own. */
export function defaultShareImage(origin: string): { openGraph: [string, string][]; twitter: [string, string][] } {
  const image = `${origin}${DEFAULT_SHARE_IMAGE}`;
  return {
    openGraph: [
      ['og:image', image],
      ['og:image:width', '1200'],
      ['og:image:height', '630'],
      ['og:image:alt', DEFAULT_SHARE_IMAGE_ALT],
    ],
    twitter: [
      ['twitter:image', image],
      ['twitter:image:alt', DEFAULT_SHARE_IMAGE_ALT],
    ],
  };
}

/** An absolute http(s) address for a stored link (site paths are made absolute); null for anything else. */
export function absoluteUrl(link: string | null | undefined, origin: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The newsroom as JSON-LD names it: every page's publisher. */
export function publisher(origin: string) {
  return {
    '@type': 'NewsMediaOrganization',
    name: site.name,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: `${origin}${LOGO_IMAGE}`, width: 600, height: 60 },
  };
}

/** The tags of a list page that shares like the home page does (a beat's page): website, the site's picture. */
export function websiteOpenGraph(origin: string, title: string, description: string, url: string, social: PageSocial) {
  const share = defaultShareImage(origin);
  return {
    openGraph: [
      ['og:type', 'website'],
      ['og:site_name', site.name],
      ['og:title', title],
      ['og:description', description],
      ['og:url', url],
      ...share.openGraph,
      ['og:locale', 'en_US'],
    ] as [string, string][],
    twitter: [
      ['twitter:card', 'summary_large_image'],
      ...twitterHandles(social),
      ['twitter:title', title],
      ['twitter:description', description],
      ...share.twitter,
    ] as [string, string][],
  };
}
