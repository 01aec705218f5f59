import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { READING_VIEW_ATTRIBUTE } from '../../../contract/page-contract.ts';
import { authorName } from '../../../domain/story/byline.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { authorPath, beatPath, LIST_PAGE_SIZE, site } from '../../../domain/site/site.ts';
import type { AuthorProfile } from '../../../services/users/author-profile.ts';
import { pageLinks } from './page-links.ts';
import { defaultShareImage, twitterHandles, type PageHead, type PageSocial } from './page-head.ts';
import { card, footer, header, type ReadingViewContext } from './reading-view.ts';

export const authorPageHref = (author: Pick<AuthorProfile, 'username'>, page = 1) =>
  page > 1 ? `${authorPath(author)}?page=${page}` : authorPath(author);
const roleLabel = (role: AuthorProfile['role']) => (role === 'admin' ? 'Editor' : 'Reporter');

/** /author/{username}: title, description (the bio), canonical, Open Graph and a ProfilePage about a Person. */
export function authorHead(author: AuthorProfile, page: number, origin: string, social: PageSocial): PageHead {
  const name = authorName(author);
  const canonical = `${origin}${authorPageHref(author, page)}`;
  const title = `${name}${page > 1 ? `, page ${page}` : ''} – ${site.name}`;
  const description = author.bio ?? `${roleLabel(author.role)} at ${site.name}: every story by ${name}.`;
  return {
    title,
    description,
    canonical,
    openGraph: [
      ['og:type', 'profile'],
      ['og:site_name', site.name],
      ['og:title', title],
      ['og:description', description],
      ['og:url', canonical],
      ...defaultShareImage(origin).openGraph,
      ['profile:username', author.username],
      ...(author.firstName ? ([['profile:first_name', author.firstName]] as [string, string][]) : []),
      ...(author.lastName ? ([['profile:last_name', author.lastName]] as [string, string][]) : []),
    ],
    twitter: [
      ['twitter:card', 'summary'],
      ...twitterHandles({ site: social.site, creator: author.xHandle }),
      ['twitter:title', title],
      ['twitter:description', description],
      ...defaultShareImage(origin).twitter,
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: canonical,
        mainEntity: {
          '@type': 'Person',
          name,
          alternateName: author.username,
          ...(author.bio ? { description: author.bio } : {}),
          jobTitle: roleLabel(author.role),
          url: `${origin}${authorPath(author)}`,
          ...(author.xHandle ? { sameAs: [`https://x.com/${author.xHandle.slice(1)}`] } : {}),
          worksFor: { '@type': 'NewsMediaOrganization', name: site.name, url: `${origin}/` },
          ...(author.beats.length > 0 ? { knowsAbout: author.beats.map((beat) => beat.name) } : {}),
        },
      },
    ],
  };
}

/** The author's page as plain HTML: name, role, beats, bio, their published stories newest first, page links. */
export function authorReadingView(
  author: AuthorProfile,
  stories: readonly Story[],
  total: number,
  page: number,
  { now, beats = [], fediverse = '' }: ReadingViewContext,
): string {
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const beatList =
    author.beats.length > 0
      ? `<ul class="badge-list author-beats" aria-label="Beats">${author.beats.map((beat) => `<li><a class="badge" href="${esc(beatPath(beat))}">${esc(beat.name)}</a></li>`).join('')}</ul>`
      : '';
  const list =
    stories.length > 0
      ? `<ul class="story-grid">${stories.map(card).join('\n')}</ul>\n${pageLinks(page, pageCount, (n) => authorPageHref(author, n))}`
      : `<p class="empty">${page > 1 ? `There is no page ${page}. <a href="${esc(authorPath(author))}">Go to the first page</a>.` : 'No published stories yet.'}</p>`;
  return `${header(false)}
<main id="main" ${READING_VIEW_ATTRIBUTE}><div class="page author-page"><header class="author-head">
<h1 class="section-title">${esc(authorName(author))}</h1><p class="author-role">${esc(roleLabel(author.role))}</p>${beatList}
${author.bio ? `<p class="author-bio">${esc(author.bio)}</p>` : ''}${fediverse}</header>
<section aria-labelledby="author-stories"><h2 id="author-stories" class="section-title">Stories by ${esc(authorName(author))}</h2>
${list}</section></div></main>
${footer(new Date(now).getUTCFullYear(), beats)}`;
}
