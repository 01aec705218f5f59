import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import {
  ALERTS_PANEL_IDS,
  FOLLOW_MENU_IDS,
  ISLANDS,
  LATEST_STORIES_ID,
  READER_PATHS,
  READING_VIEW_ATTRIBUTE,
  STORY_ID_ATTRIBUTE,
  VIEWS_CLASS,
} from '../../../contract/page-contract.ts';
import { island } from './islands.ts';
import { authorName } from '../../../domain/story/byline.ts';
import type { BeatRef, Story } from '../../../domain/story/entities.ts';
import { viewsLabel } from '../../../domain/formatting.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { wasUpdatedAfterPublishing } from '../../../domain/story/working-day.ts';
import { relativeTime } from '../../../domain/relative-time.ts';
import { SEARCH_QUERY_MAX } from '../../../domain/discovery/search-query.ts';
import { authorPath, beatPath, site, storyPath } from '../../../domain/site/site.ts';
import { aboutSections, footerBeatLinks, otherChannelLinks, videoChannelLinks } from '../../../domain/site/site-links.ts';
import { videoSource } from '../../../domain/media/video-source.ts';
import {
  IMAGE_BOX,
  PICTURE_FALLBACK_WIDTH,
  PICTURE_SIZES,
  pictureAt,
  pictureSrcset,
  posterOf,
  type PictureSlot,
} from '../../../domain/media/picture.ts';
import { isCoverageLive } from '../../../domain/live-blog/live-blog.ts';
import { LIVE_BADGE } from '../../../contract/live-blog-markup.ts';
import { CAPTIONS_BUTTON, trackElements, transcriptSection, videoCaptionsIsland, type VideoCaptions } from './video-captions.ts';

/**
 * The reading view the worker writes into the app's root element for the reader's pages, their only
 * rendering (decision 076): the classes and controls the app's frame uses too. It is a whole page: readers
 * without JavaScript and crawlers get everything, its links and forms work, its videos play. It
 * stays the page: in a reader's browser only its islands (`data-island`: share, Follow, Watch Live,
 * the live player...) come alive, in place (decision 045). The names both sides read are in
 * src/contract/page-contract.ts.
 */

export const views = (n: number) => esc(viewsLabel(n));
export const when = (iso: string) => `<time datetime="${esc(iso)}">${esc(formatFullDate(iso))}</time>`;
export const ago = (iso: string, now: string) => `<time datetime="${esc(iso)}">${esc(relativeTime(iso, new Date(now)))}</time>`;
export const dot = '<span aria-hidden="true"> · </span>';

/** The site's search box (docs/product/screens.md, "Search"): a plain GET form, so it works before and without the app. */
export function searchForm(query = ''): string {
  return `<form class="header-search" role="search" aria-label="Site search" action="/search" method="get"><label class="visually-hidden" for="site-search">Search stories</label><input id="site-search" class="header-search-input" type="search" name="q" value="${esc(query)}" placeholder="Search stories" maxlength="${SEARCH_QUERY_MAX}" required><button type="submit" class="button button-small button-secondary header-search-button">Search</button></form>`;
}

/** The header's Follow menu (SocialMenu's markup), closed; its island opens it. */
function followMenu(): string {
  const list = (links: readonly { label: string; href: string }[]) =>
    `<ul class="menu-list">${links.map((link) => `<li><a href="${esc(link.href)}" target="_blank" rel="noopener noreferrer">${esc(link.label)}<span class="visually-hidden"> (opens in a new tab)</span></a></li>`).join('')}</ul>`;
  return `<div class="menu"${island(ISLANDS.followMenu)}><button type="button" class="nav-button" aria-expanded="false" aria-controls="${FOLLOW_MENU_IDS.panel}">Follow <span aria-hidden="true" class="chevron"></span></button>
<div id="${FOLLOW_MENU_IDS.panel}" class="menu-panel" hidden><p id="${FOLLOW_MENU_IDS.videoHeading}" class="menu-heading">YouTube</p><nav aria-labelledby="${FOLLOW_MENU_IDS.videoHeading}">${list(videoChannelLinks)}</nav><p class="menu-heading">Elsewhere</p>${list(otherChannelLinks)}</div></div>`;
}

/**
 * An Alerts button and its empty panel (AlertsMenu's markup): its island fills the panel on the first
 * tap (topics, "Turn on alerts", the iPhone guide). On a beat's page, one more for that beat.
 */
export function alertsMenu(beat?: { slug: string; name: string }): string {
  const panel = beat ? ALERTS_PANEL_IDS.beat : ALERTS_PANEL_IDS.header;
  const label = beat ? `Alerts for ${esc(beat.name)}` : 'Alerts';
  return `<div class="menu alerts-menu"${island(ISLANDS.alerts, beat ? { beat: beat.slug } : undefined)}><button type="button" class="nav-button" aria-expanded="false" aria-controls="${panel}">${label}</button><div id="${panel}" class="menu-panel alerts-panel" hidden></div></div>`;
}

export function header(onHome: boolean, query = ''): string {
  return `<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><div class="site-header-inner">
<a class="logo" href="/"><span class="logo-mark" aria-hidden="true">N</span><span class="logo-text">${esc(site.name)}</span></a>
<nav class="tabs" aria-label="Main"><ul><li><a class="tab" href="/"${onHome ? ' aria-current="page"' : ''}>Home</a></li></ul></nav>
${searchForm(query)}
<div class="header-social">${alertsMenu()}${followMenu()}</div>
<div class="header-account"${island(ISLANDS.account)}><span class="header-reader"${island(ISLANDS.readerCorner)}><a class="button button-small button-ghost" href="${READER_PATHS.account}">Sign in</a></span><a class="button button-small button-primary" href="/login">Reporter Login</a></div>
</div></header>`;
}

export function footer(year: number, beats: readonly BeatRef[] = []): string {
  const links = (items: readonly { href: string; label: string }[]) =>
    items.map((link) => `<li><a href="${esc(link.href)}">${esc(link.label)}</a></li>`).join('');
  const external = [videoChannelLinks[0]!, ...otherChannelLinks]
    .map(
      (link) =>
        `<li><a href="${esc(link.href)}" target="_blank" rel="noopener noreferrer">${esc(link.label === 'Main Channel' ? 'YouTube' : link.label)}<span class="visually-hidden"> (opens in a new tab)</span></a></li>`,
    )
    .join('');
  return `<footer class="site-footer"><div class="site-footer-inner">
<section class="footer-about" aria-labelledby="footer-about-heading"><h2 id="footer-about-heading" class="footer-logo">${esc(site.name)}</h2>
<p>An independent news network. Our reporters follow the story wherever it leads and publish it in full: ${esc(site.tagline)}</p></section>
<nav aria-labelledby="footer-news-heading"><h2 id="footer-news-heading" class="footer-heading">News</h2><ul>${links(footerBeatLinks(beats))}</ul></nav>
<nav aria-labelledby="footer-about-links-heading"><h2 id="footer-about-links-heading" class="footer-heading">About</h2><ul>${links(aboutSections.map((section) => ({ href: `/about#${section.hash}`, label: section.label })))}</ul></nav>
<nav aria-labelledby="footer-follow-heading"><h2 id="footer-follow-heading" class="footer-heading">Follow</h2><ul>${external}</ul></nav>
</div><p class="copyright">© ${year} ${esc(site.name)}. All rights reserved.</p></footer>
${NOTICES}`;
}

/** The notice region (ToasterHost's), empty; islands that toast fill it (src/web/islands/notices.ts). */
const NOTICES =
  '<section aria-label="Notifications (F8)" class="toast-region"><ol tabindex="-1" class="toast-list" aria-live="polite"></ol></section>';

/**
 * The story's video as the SPA's StoryVideo shows it: a YouTube video behind its facade (the story's
 * picture and a play button; the youtube-player island puts the privacy-enhanced player in its place
 * on the tap), or a native player with the picture as poster, its caption tracks, CC button and
 * transcript (seo/video-captions.ts) when it has captions the reader may see.
 */
function video(story: Story, origin: string, slot: PictureSlot, captions: VideoCaptions = { tracks: [] }): string {
  const source = videoSource(story.videoUrl, origin);
  if (!source) return '';
  if (source.kind === 'youtube')
    return `<div class="video-frame"><button type="button" class="video-facade" aria-label="${esc(`Play video: ${story.title}`)}"${island(ISLANDS.youtubePlayer, { src: source.embedUrl, title: `Video: ${story.title}` })}>${story.featuredImageUrl ? facadePicture(story.featuredImageUrl, slot) : ''}<span class="video-facade-play" aria-hidden="true"></span></button></div>`;
  const player = `<video src="${esc(source.src)}"${story.featuredImageUrl ? ` poster="${esc(posterOf(story.featuredImageUrl))}"` : ''} controls preload="metadata" playsinline aria-label="${esc(`Video: ${story.title}`)}">${trackElements(captions)}</video>`;
  if (captions.tracks.length === 0) return `<div class="video-frame">${player}</div>`;
  return `<div class="story-video"${videoCaptionsIsland(captions)}><div class="video-frame">${player}${CAPTIONS_BUTTON}</div>${slot === 'article' ? transcriptSection(captions, story.id) : ''}</div>`;
}

/** The picture under a video's play button (StoryVideo's FacadePicture): the slot's widths, first to load, alt="" (the button names it). */
function facadePicture(src: string, slot: PictureSlot): string {
  const srcset = pictureSrcset(src);
  const sizes = srcset ? ` srcset="${esc(srcset)}" sizes="${PICTURE_SIZES[slot]}"` : '';
  return `<img class="video-facade-picture" src="${esc(pictureAt(src, PICTURE_FALLBACK_WIDTH[slot]))}"${sizes} alt="" width="${IMAGE_BOX.width}" height="${IMAGE_BOX.height}" loading="eager" decoding="async" fetchpriority="high">`;
}

function shareButton(story: Story, label: string, className: string): string {
  const name = label === 'Share' ? ` aria-label="${esc(`Share: ${story.title}`)}"` : '';
  const props = { id: story.id, slug: story.slug, title: story.title, description: story.description };
  return `<button type="button" class="${className}"${name}${island(ISLANDS.share, props)}>${esc(label)}</button>`;
}

/**
 * A story's picture in a slot (StoryImage's markup): at the widths the slot needs (srcset and sizes,
 * for this site's uploads), laid out 16:9 so nothing moves when it arrives, lazy below the fold,
 * and the one `priority` picture (the largest paint) fetched first. A card's picture is `alt=""`:
 * its headline beside it says what it is.
 */
function picture(story: Story, slot: PictureSlot, className: string, priority: boolean): string {
  const src = story.featuredImageUrl || story.thumbnailUrl;
  if (!src)
    return `<div class="${className} story-image-empty" aria-hidden="true"><span>${esc(story.beat?.name ?? site.name)}</span></div>`;
  const srcset = pictureSrcset(src);
  const sizes = srcset ? ` srcset="${esc(srcset)}" sizes="${PICTURE_SIZES[slot]}"` : '';
  const alt = slot === 'card' ? '' : (story.featuredImageAlt ?? '');
  return `<img class="${className}" src="${esc(pictureAt(src, PICTURE_FALLBACK_WIDTH[slot]))}"${sizes} alt="${esc(alt)}" width="${IMAGE_BOX.width}" height="${IMAGE_BOX.height}" loading="${priority ? 'eager' : 'lazy'}" decoding="async"${priority ? ' fetchpriority="high"' : ''}>`;
}

/** The story page's picture with its caption and credit (StoryArticle's figure). */
function articleFigure(story: Story): string {
  const caption = story.featuredImageCaption ? `<span class="picture-caption">${esc(story.featuredImageCaption)}</span>` : '';
  const credit = story.featuredImageCredit ? `<span class="picture-credit">${esc(story.featuredImageCredit)}</span>` : '';
  const figcaption =
    caption || credit ? `<figcaption class="article-figcaption">${caption}${caption && credit ? ' ' : ''}${credit}</figcaption>` : '';
  return `<figure class="article-figure">${picture(story, 'article', 'article-image', true)}${figcaption}</figure>`;
}

export function card(story: Story): string {
  const href = esc(storyPath(story));
  const titleId = `story-card-${story.id}`;
  return `<li><article class="story-card" aria-labelledby="${titleId}">
<a class="story-card-media" href="${href}" tabindex="-1" aria-hidden="true">${picture(story, 'card', 'story-image', false)}${story.isFeatured ? '<span class="badge badge-accent badge-on-media">Featured</span>' : ''}${isCoverageLive(story) ? LIVE_BADGE : ''}</a>
<div class="story-card-body">${story.beat ? `<p class="kicker">${esc(story.beat.name)}</p>` : ''}
<h3 id="${titleId}" class="story-card-title"><a href="${href}">${esc(story.title)}</a></h3>
<p class="story-card-description">${esc(story.description)}</p>
<p class="story-meta"><span>By ${esc(authorName(story.author))}</span>${dot}<span>${views(story.views)}</span></p>
<a class="read-link" href="${href}" aria-describedby="${titleId}">Read Story <span aria-hidden="true">→</span></a></div>
</article></li>`;
}

export interface ReadingViewContext {
  /** The site's origin (site-relative video links resolve against it). */
  origin: string;
  /** The clock's time, ISO 8601. */
  now: string;
  /** The beats that exist, for the footer's News links. */
  beats?: readonly BeatRef[];
  /** "Follow on the fediverse" for the page's account, when it has one (fediverse-markup.ts). */
  fediverse?: string;
  /** The captions of the page's story's video (the featured story's, on the home page) the reader may see. */
  videoCaptions?: VideoCaptions;
}

/** `signup`: the newsroom's newsletter box (seo/newsletter-pages.ts), after the latest stories. */
export function homeReadingView(
  featured: Story | null,
  latest: readonly Story[],
  { origin, now, beats = [], fediverse = '', videoCaptions }: ReadingViewContext,
  signup = '',
): string {
  const featuredSection = featured
    ? `<section class="featured" aria-labelledby="featured-heading"><h2 id="featured-heading" class="section-title">Featured Story</h2>
<div class="featured-grid"><div class="featured-media">${featured.videoUrl ? video(featured, origin, 'featured', videoCaptions) : picture(featured, 'featured', 'story-image', true)}</div>
<div class="featured-text">${featured.beat ? `<span class="badge badge-accent">${esc(featured.beat.name)}</span>` : ''}
<h3 class="featured-title"><a href="${esc(storyPath(featured))}">${esc(featured.title)}</a></h3>
<p class="featured-description">${esc(featured.description)}</p>
<p class="story-meta"><span>By ${esc(authorName(featured.author))}</span>${dot}${ago(featured.publishedAt ?? featured.createdAt, now)}${dot}<span>${views(featured.views)}</span></p>
<div class="button-row"><a class="button button-primary" href="${esc(storyPath(featured))}">Read Full Story</a>${shareButton(featured, 'Share', 'button button-secondary')}</div></div></div></section>`
    : '';
  return `${header(true)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><section class="hero" aria-labelledby="hero-title"><div class="hero-inner">
<p class="hero-kicker">Independent news network</p>
<h1 id="hero-title" class="hero-title">The stories others won’t tell.</h1>
<p class="hero-tagline">${esc(site.tagline)}</p>
<div class="button-row"><button type="button" class="button button-primary button-large"${island(ISLANDS.watchLive)}><span class="live-dot" aria-hidden="true"></span>Watch Live</button><a class="button button-inverse button-large" href="#${LATEST_STORIES_ID}"${island(ISLANDS.latestNews)}>Latest News</a></div>
</div></section>
<div class="page">${featuredSection}
<section class="latest" aria-labelledby="latest-stories-heading"><div class="section-head"><h2 id="latest-stories-heading" class="section-title"><span id="${LATEST_STORIES_ID}" tabindex="-1" class="scroll-target">Latest Stories</span></h2><a class="section-link" href="/beta">All stories <span aria-hidden="true">→</span></a></div>
<ul class="story-grid">${latest.map(card).join('\n')}</ul></section>${fediverse}</div>${signup}</main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}

/** The story's corrections, oldest first, as StoryCorrections renders them. */
function corrections(story: Story): string {
  if (story.corrections.length === 0) return '';
  const items = story.corrections.map(
    (correction) =>
      `<li><time datetime="${esc(correction.createdAt)}"><strong>Correction, ${esc(formatFullDate(correction.createdAt))}:</strong></time> ${esc(correction.note)}</li>`,
  );
  return `<section class="article-corrections" aria-labelledby="corrections-heading"><h2 id="corrections-heading">Corrections</h2><ul>${items.join('')}</ul></section>`;
}

/** `liveBlog`: a live blog's updates (seo/live-blog-page.ts), after its summary. */
export function storyReadingView(
  story: Story,
  { origin, now, beats = [], videoCaptions }: ReadingViewContext,
  related: readonly Story[] = [],
  liveBlog = '',
  /** Replies from the fediverse staff approved (fediverse-markup.ts), after the article. */
  replies = '',
  signup = '',
  /** The article's text (seo/story-gate.ts: a gated story's opening and what follows it); its content by default. */
  body = `<div class="article-content">${story.content}</div>`,
): string {
  // No workflow label: a reader only ever meets a published story (issue 42); the staff preview shows it.
  const badges = [
    story.isFeatured ? '<li class="badge badge-accent">Featured</li>' : '',
    story.beat ? `<li><a class="badge" href="${esc(beatPath(story.beat))}">${esc(story.beat.name)}</a></li>` : '',
  ].join('');
  // A live stream's player is an island; its frame keeps the page from moving when the player arrives.
  const media = story.isLive
    ? `<div class="live-slot"${island(ISLANDS.livePlayer, { segment: story.slug || String(story.id) })}><div class="video-frame"></div></div>`
    : story.videoUrl
      ? video(story, origin, 'article', videoCaptions)
      : story.featuredImageUrl
        ? articleFigure(story)
        : '';
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE} ${STORY_ID_ATTRIBUTE}="${story.id}"><article class="article" aria-labelledby="story-title"><header class="article-header">
<div class="article-toolbar"><ul class="badge-list" aria-label="About this story">${badges}</ul><div class="button-row"${island(ISLANDS.storyEdit, { storyId: story.id, authorId: story.authorId })}>${shareButton(story, 'Share', 'button button-small button-secondary')}</div></div>
${media}
<h1 id="story-title" class="article-title">${esc(story.title)}</h1>
<p class="article-byline"><span>By <a class="article-author" href="${esc(authorPath(story.author))}">${esc(authorName(story.author))}</a></span>${dot}${when(story.publishedAt ?? story.createdAt)}${dot}<span class="${VIEWS_CLASS}" data-testid="story-views">${views(story.views)}</span>${wasUpdatedAfterPublishing(story) ? `${dot}<span class="article-updated">Updated ${ago(story.updatedAt, now)}</span>` : ''}</p>
<p class="article-description">${esc(story.description)}</p>
</header>
${body}
${liveBlog}${corrections(story)}
<footer class="article-footer"><section class="share-panel" aria-labelledby="share-heading"><h2 id="share-heading">Share this story</h2>
<p>Know someone who should read this? Send it on.</p>${shareButton(story, 'Share Story', 'button button-primary')}</section>
<a class="button button-secondary" href="/">Back to Home</a></footer>
</article>${replies}${signup}${relatedStories(related)}</main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}

/** Three more stories from the story's beat, after the article (docs/product/screens.md, "Story page"). */
export function relatedStories(related: readonly Story[]): string {
  if (related.length === 0) return '';
  return `<section class="related page" aria-labelledby="related-heading"><h2 id="related-heading" class="section-title">More from ${esc(related[0]!.beat?.name ?? site.name)}</h2>
<ul class="story-grid">${related.map(card).join('\n')}</ul></section>`;
}
