import { LOCKED_PART_CLASS } from '../../contract/page-contract.ts';
import { pictureAt } from '../../domain/media/picture.ts';
import { videoSource } from '../../domain/media/video-source.ts';
import { isGated } from '../../domain/members/access.ts';
import { authorPath, site, storyPath } from '../../domain/site/site.ts';
import { authorName } from '../../domain/story/byline.ts';
import type { Story } from '../../domain/story/entities.ts';
import {
  absoluteUrl,
  DEFAULT_SHARE_IMAGE,
  DEFAULT_SHARE_IMAGE_ALT,
  defaultShareImage,
  publisher,
  twitterHandles,
  type PageHead,
  type PageSocial,
} from '../frame/page-head.ts';

/** A story's own picture in link previews: wide enough for a large card, resized like every picture (decision 047). */
const SHARE_PICTURE_WIDTH = 1280;
/** Google shows at most this many characters of a NewsArticle headline. */
const HEADLINE_MAX = 110;

/** The story's video as the reader of this page may have it: none past a gate (decision 090), and the words said in it. */
export interface StoryPageVideo {
  url: string | null;
  transcript: string | null;
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

/** A story page's head: its title, description, picture and byline for previews, a NewsArticle, and its video's VideoObject. */
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
