import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { READING_VIEW_ATTRIBUTE } from '../../../contract/page-contract.ts';
import type { Beat } from '../../../domain/beats/entities.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { beatPath, LIST_PAGE_SIZE, site, storyPath } from '../../../domain/site/site.ts';
import { pageLinks } from './page-links.ts';
import { defaultShareImage, twitterHandles, type PageHead, type PageSocial } from './page-head.ts';
import { alertsMenu, card, footer, header, type ReadingViewContext } from './reading-view.ts';

export const beatPageHref = (beat: Pick<Beat, 'slug'>, page = 1) => (page > 1 ? `${beatPath(beat)}?page=${page}` : beatPath(beat));

function describe(beat: Beat): string {
  return beat.description ?? `The latest ${beat.name} stories from ${site.name}.`;
}

/** /beat/{slug}: its own title, description, canonical (each page its own), Open Graph and a CollectionPage. */
export function beatHead(beat: Beat, stories: readonly Story[], page: number, origin: string, social: PageSocial): PageHead {
  const canonical = `${origin}${beatPageHref(beat, page)}`;
  const title = `${beat.name}${page > 1 ? `, page ${page}` : ''} – ${site.name}`;
  const description = describe(beat);
  const share = defaultShareImage(origin);
  return {
    title,
    description,
    canonical,
    openGraph: [
      ['og:type', 'website'],
      ['og:site_name', site.name],
      ['og:title', title],
      ['og:description', description],
      ['og:url', canonical],
      ...share.openGraph,
      ['og:locale', 'en_US'],
    ],
    twitter: [
      ['twitter:card', 'summary_large_image'],
      ...twitterHandles(social),
      ['twitter:title', title],
      ['twitter:description', description],
      ...share.twitter,
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: beat.name,
        description,
        url: canonical,
        isPartOf: { '@type': 'WebSite', name: site.name, url: `${origin}/` },
        mainEntity: {
          '@type': 'ItemList',
          itemListElement: stories.map((story, index) => ({
            '@type': 'ListItem',
            position: (page - 1) * LIST_PAGE_SIZE + index + 1,
            url: `${origin}${storyPath(story)}`,
          })),
        },
      },
    ],
  };
}

/** The beat's page as plain HTML: name, description, its published stories newest first, page links, its feed. */
export function beatReadingView(
  beat: Beat,
  stories: readonly Story[],
  total: number,
  page: number,
  { now, beats = [] }: ReadingViewContext,
  signup = '',
): string {
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const list =
    stories.length > 0
      ? `<ul class="story-grid">${stories.map(card).join('\n')}</ul>\n${pageLinks(page, pageCount, (n) => beatPageHref(beat, n))}`
      : `<p class="empty">${page > 1 ? `There is no page ${page}. <a href="${esc(beatPath(beat))}">Go to the first page</a>.` : 'No stories have been published here yet.'}</p>`;
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><div class="page beat-page"><header class="section-head beat-head"><div>
<h1 class="section-title">${esc(beat.name)}</h1>${beat.description ? `<p class="beat-description">${esc(beat.description)}</p>` : ''}</div>
<div class="beat-follow">${alertsMenu(beat)}<a class="section-link" href="${esc(`${beatPath(beat)}/rss.xml`)}">RSS feed</a></div></header>
${list}</div>${signup}</main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}
