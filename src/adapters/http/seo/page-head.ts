import { authorName } from '../../../domain/story/byline.ts';
import { isGated } from '../../../domain/members/access.ts';
import { LOCKED_PART_CLASS } from '../../../contract/page-contract.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { pictureAt } from '../../../domain/media/picture.ts';
import { authorPath, site, storyPath } from '../../../domain/site/site.ts';
import { escapeHtml } from '../../../contract/escape-html.ts';
import { jsonForScript } from './escape.ts';
import { videoSource } from '../../../domain/media/video-source.ts';

/** The site-wide share picture (1200 by 630), for pages and stories without a picture of their own, and what it shows. */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';
export const DEFAULT_SHARE_IMAGE_ALT = `${site.name}’s logo, a white N on red, and its name over the words “${site.tagline}”`;
/** A story's own picture in link previews: wide enough for a large card, resized like every picture (decision 047). */
const SHARE_PICTURE_WIDTH = 1280;

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
export const LOGO_IMAGE = '/logo.png';
/** Google shows at most this many characters of a NewsArticle headline. */
const HEADLINE_MAX = 110;

/** What the worker writes into the app's <head> for one page. */
export interface PageHead {
  title: string;
  description: string;
  canonical?: string;
  robots?: string;
  /** Open Graph properties (og:*, article:*), in order. */
  openGraph: [property: string, content: string][];
  twitter: [name: string, content: string][];
  jsonLd: object[];
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

function publisher(origin: string) {
  return {
    '@type': 'NewsMediaOrganization',
    name: site.name,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: `${origin}${LOGO_IMAGE}`, width: 600, height: 60 },
  };
}

export function homeHead(origin: string, social: PageSocial): PageHead {
  const title = `${site.name}: ${site.tagline}`;
  const share = defaultShareImage(origin);
  return {
    title,
    description: site.description,
    canonical: `${origin}/`,
    openGraph: [
      ['og:type', 'website'],
      ['og:site_name', site.name],
      ['og:title', title],
      ['og:description', site.description],
      ['og:url', `${origin}/`],
      ...share.openGraph,
      ['og:locale', 'en_US'],
    ],
    twitter: [
      ['twitter:card', 'summary_large_image'],
      ...twitterHandles(social),
      ['twitter:title', title],
      ['twitter:description', site.description],
      ...share.twitter,
    ],
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: `${origin}/`, description: site.description },
      { '@context': 'https://schema.org', ...publisher(origin) },
    ],
  };
}

/**
 * The story's video as schema.org's VideoObject (Google's video rich results: name, description,
 * thumbnailUrl, uploadDate), with the words said in it as `transcript` when the reader may read
 * them (decision 129). None for a story without a video, or live now.
 */
function videoObject(story: Story, origin: string, image: string, video: StoryPageVideo): object | null {
  const source = story.isLive ? null : videoSource(video.url, origin);
  if (!source) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: story.title,
    description: story.description || story.title,
    thumbnailUrl: [image],
    uploadDate: story.publishedAt ?? story.createdAt,
    ...(source.kind === 'file' ? { contentUrl: absoluteUrl(source.src, origin) } : { embedUrl: source.embedUrl }),
    ...(video.transcript ? { transcript: video.transcript } : {}),
  };
}

/** The story's video as the reader of this page may have it: none past a gate (decision 090), and the words said in it. */
export interface StoryPageVideo {
  url: string | null;
  transcript: string | null;
}

export function storyHead(
  story: Story,
  origin: string,
  social: PageSocial,
  video: StoryPageVideo = { url: null, transcript: null },
): PageHead {
  const canonical = `${origin}${storyPath(story)}`;
  const picture = story.featuredImageUrl ?? story.thumbnailUrl;
  const ownImage = picture ? absoluteUrl(pictureAt(picture, SHARE_PICTURE_WIDTH), origin) : null;
  const share = defaultShareImage(origin);
  const image = ownImage ?? `${origin}${DEFAULT_SHARE_IMAGE}`;
  // What the preview shows, for those who cannot see it: the picture's alt text, else the story's title.
  const imageAlt = ownImage ? (story.featuredImageAlt ?? story.title) : DEFAULT_SHARE_IMAGE_ALT;
  const byline = authorName(story.author);
  const published = story.publishedAt ?? story.createdAt;
  const headline = story.title.length > HEADLINE_MAX ? `${story.title.slice(0, HEADLINE_MAX - 1)}…` : story.title;
  return {
    title: `${story.title} – ${site.name}`,
    description: story.description,
    canonical,
    openGraph: [
      ['og:type', 'article'],
      ['og:site_name', site.name],
      ['og:title', story.title],
      ['og:description', story.description],
      ['og:url', canonical],
      ...(ownImage
        ? ([
            ['og:image', image],
            ['og:image:alt', imageAlt],
          ] as [string, string][])
        : share.openGraph),
      ['og:locale', 'en_US'],
      ['article:published_time', published],
      ['article:modified_time', story.updatedAt],
      ['article:author', byline],
      ...(story.beat ? ([['article:section', story.beat.name]] as [string, string][]) : []),
    ],
    twitter: [
      ['twitter:card', 'summary_large_image'],
      ...twitterHandles(social),
      ['twitter:title', story.title],
      ['twitter:description', story.description],
      ['twitter:image', image],
      ['twitter:image:alt', imageAlt],
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline,
        description: story.description,
        image: [image],
        datePublished: published,
        dateModified: story.updatedAt,
        author: [{ '@type': 'Person', name: byline, url: `${origin}${authorPath(story.author)}` }],
        publisher: publisher(origin),
        mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
        url: canonical,
        // A gated story says so, with the part readers without access do not get (Google's paywalled content markup).
        ...(isGated(story)
          ? {
              isAccessibleForFree: false,
              hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: `.${LOCKED_PART_CLASS}` },
            }
          : { isAccessibleForFree: true }),
        ...(story.beat ? { articleSection: story.beat.name } : {}),
        // schema.org's `correction`: what the story got wrong, each with the day it was said.
        ...(story.corrections.length > 0
          ? { correction: story.corrections.map((c) => ({ '@type': 'CorrectionComment', text: c.note, datePublished: c.createdAt })) }
          : {}),
      },
      ...[videoObject(story, origin, image, video)].filter((video) => video !== null),
    ],
  };
}

/** The tags for <head>, every value escaped; JSON-LD goes in data blocks, which CSP does not execute. */
export function renderHeadTags(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}">`];
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const [property, content] of head.openGraph) tags.push(`<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`);
  for (const [name, content] of head.twitter) tags.push(`<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`);
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}
