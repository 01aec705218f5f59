import { site } from '../../domain/site/site.ts';
import { publisher, websiteOpenGraph, type PageHead, type PageSocial } from '../frame/page-head.ts';

/** The home page's head: the site's title and picture, a WebSite and the newsroom as JSON-LD. */
export function homeHead(origin: string, social: PageSocial): PageHead {
  const title = `${site.name}: ${site.tagline}`;
  return {
    title,
    description: site.description,
    canonical: `${origin}/`,
    ...websiteOpenGraph(origin, title, site.description, `${origin}/`, social),
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: `${origin}/`, description: site.description },
      { '@context': 'https://schema.org', ...publisher(origin) },
    ],
  };
}
