import { authorName } from '../../../domain/byline.ts';
import type { Story } from '../../../domain/entities.ts';
import { formatFullDate, viewsLabel } from '../../../domain/formatting.ts';
import { site, storyPath } from '../../../domain/site.ts';
import { escapeMarkup as esc } from './escape.ts';

/**
 * The reading view the worker writes into the app's root element for the home page and story
 * pages: the same structure and classes the SPA renders, as plain HTML. Readers without
 * JavaScript and crawlers get the whole story; everyone else sees it painted before the script
 * has run, and the SPA then replaces it with its own rendering of the same data.
 */

const views = (n: number) => esc(viewsLabel(n));
// The worker does not know the reader's time zone; the SPA rewrites this in local time.
const when = (iso: string) => `<time datetime="${esc(iso)}">${esc(`${formatFullDate(iso, 'UTC')} UTC`)}</time>`;
const dot = '<span aria-hidden="true"> · </span>';

function header(onHome: boolean): string {
  return `<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><div class="site-header-inner">
<a class="logo" href="/" aria-label="${esc(site.name)}, home"><span class="logo-mark" aria-hidden="true">N</span><span class="logo-text">${esc(site.name)}</span></a>
<nav class="tabs" aria-label="Main"><ul><li><a class="tab" href="/"${onHome ? ' aria-current="page"' : ''}>Home</a></li></ul></nav>
<div class="header-social"><button type="button" class="nav-button" aria-expanded="false">Follow <span aria-hidden="true" class="chevron"></span></button></div>
<div class="header-account"><a class="button button-small button-primary" href="/login">Reporter Login</a></div>
</div></header>`;
}

function picture(story: Story, className: string, eager: boolean): string {
  const src = story.featuredImageUrl || story.thumbnailUrl;
  if (!src) return `<div class="${className} story-image-empty" aria-hidden="true"><span>${esc(story.beat?.name ?? site.name)}</span></div>`;
  return `<img class="${className}" src="${esc(src)}" alt="" width="1280" height="720" loading="${eager ? 'eager' : 'lazy'}" decoding="async"${eager ? ' fetchpriority="high"' : ''}>`;
}

function card(story: Story): string {
  const href = esc(storyPath(story));
  return `<li><article class="story-card">
<a class="story-card-media" href="${href}" tabindex="-1" aria-hidden="true">${picture(story, 'story-image', false)}${story.isFeatured ? '<span class="badge badge-accent badge-on-media">Featured</span>' : ''}</a>
<div class="story-card-body">${story.beat ? `<p class="kicker">${esc(story.beat.name)}</p>` : ''}
<h3 class="story-card-title"><a href="${href}">${esc(story.title)}</a></h3>
<p class="story-card-description">${esc(story.description)}</p>
<p class="story-meta"><span>By ${esc(story.author.username)}</span>${dot}<span>${views(story.views)}</span></p>
<a class="read-link" href="${href}">Read Story <span aria-hidden="true">→</span></a></div>
</article></li>`;
}

export function homeReadingView(featured: Story | null, latest: readonly Story[]): string {
  const featuredSection = featured
    ? `<section class="featured" aria-labelledby="featured-heading"><h2 id="featured-heading" class="section-title">Featured Story</h2>
<div class="featured-grid"><div class="featured-media">${featured.videoUrl ? '<div class="video-frame"></div>' : picture(featured, 'story-image', true)}</div>
<div class="featured-text">${featured.beat ? `<span class="badge badge-accent">${esc(featured.beat.name)}</span>` : ''}
<h3 class="featured-title"><a href="${esc(storyPath(featured))}">${esc(featured.title)}</a></h3>
<p class="featured-description">${esc(featured.description)}</p>
<p class="story-meta"><span>By ${esc(authorName(featured.author))}</span>${dot}${when(featured.publishedAt ?? featured.createdAt)}${dot}<span>${views(featured.views)}</span></p>
<div class="button-row"><a class="button button-primary" href="${esc(storyPath(featured))}">Read Full Story</a></div></div></div></section>`
    : '';
  return `${header(true)}
<main id="main"><section class="hero" aria-labelledby="hero-title"><div class="hero-inner">
<p class="hero-kicker">Independent news network</p>
<h1 id="hero-title" class="hero-title">The stories others won’t tell.</h1>
<p class="hero-tagline">${esc(site.tagline)}</p>
<div class="button-row"><button type="button" class="button button-primary button-large"><span class="live-dot" aria-hidden="true"></span>Watch Live</button><a class="button button-inverse button-large" href="#latest-stories">Latest News</a></div>
</div></section>
<div class="page">${featuredSection}
<section class="latest" aria-labelledby="latest-stories-heading"><div class="section-head"><h2 id="latest-stories-heading" class="section-title"><span id="latest-stories">Latest Stories</span></h2><a class="section-link" href="/beta">All stories <span aria-hidden="true">→</span></a></div>
<ul class="story-grid">${latest.map(card).join('\n')}</ul></section></div></main>`;
}

/** The story's content is stored sanitised (API.md), so it is written as it is. */
export function storyReadingView(story: Story): string {
  const badges = [
    story.isFeatured ? '<li class="badge badge-accent">Featured</li>' : '',
    `<li class="badge badge-status badge-${esc(story.status)}">${esc(story.status)}</li>`,
    story.beat ? `<li class="badge">${esc(story.beat.name)}</li>` : '',
  ].join('');
  // The video itself needs the app; its frame keeps the page from moving when the player arrives.
  const media = story.videoUrl
    ? '<div class="video-frame"></div>'
    : story.featuredImageUrl
      ? `<figure class="article-figure">${picture(story, 'article-image', true)}</figure>`
      : '';
  return `${header(false)}
<main id="main"><article class="article" aria-labelledby="story-title"><header class="article-header">
<div class="article-toolbar"><ul class="badge-list" aria-label="About this story">${badges}</ul></div>
${media}
<h1 id="story-title" class="article-title">${esc(story.title)}</h1>
<p class="article-byline"><span>By <span class="article-author">${esc(authorName(story.author))}</span></span>${dot}${when(story.createdAt)}${dot}<span class="article-views">${views(story.views)}</span></p>
<p class="article-description">${esc(story.description)}</p>
</header>
<div class="article-content">${story.content}</div>
<footer class="article-footer"><a class="button button-secondary" href="/">Back to Home</a></footer>
</article></main>`;
}
