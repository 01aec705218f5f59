/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { AuthorPageRead } from '../../services/reader-pages/list-pages.ts';
import type { AuthorProfile } from '../../domain/users/entities.ts';
import { authorPath, beatPath, site } from '../../domain/site/site.ts';
import { authorName } from '../../domain/story/byline.ts';
import { FediverseFollow } from '../fediverse/fediverse-follow.tsx';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import { defaultShareImage, twitterHandles, type PageHead, type PageSocial } from '../frame/page-head.ts';
import { pageCount } from '../lists/page-links.tsx';
import { StoryList } from '../lists/story-list.tsx';

export const authorPageHref = (author: Pick<AuthorProfile, 'username'>, page = 1) =>
  page > 1 ? `${authorPath(author)}?page=${page}` : authorPath(author);
const roleLabel = (role: AuthorProfile['role']) => (role === 'admin' ? 'Editor' : 'Reporter');

/** /author/{username}: title, description (the bio), canonical, Open Graph and a ProfilePage about a Person. */
export function authorHead({ author, page }: AuthorPageRead, origin: string, social: PageSocial): PageHead {
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

/** /author/{username}: name, role, beats, bio, the fediverse handle, their published stories newest first, page links. */
export function AuthorPage({ data, context }: { data: AuthorPageRead; context: FrameContext }) {
  const { author, page } = data;
  const name = authorName(author);
  return (
    <PageFrame context={context}>
      <div class="page author-page">
        <header class="author-head">
          <h1 class="section-title">{name}</h1>
          <p class="author-role">{roleLabel(author.role)}</p>
          {author.beats.length > 0 ? (
            <ul class="badge-list author-beats" aria-label="Beats">
              {author.beats.map((beat) => (
                <li>
                  <a class="badge" href={beatPath(beat)}>
                    {beat.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {author.bio ? <p class="author-bio">{author.bio}</p> : null}
          {data.fediverseHandle ? <FediverseFollow address={data.fediverseHandle} whom={name} /> : null}
        </header>
        <section aria-labelledby="author-stories">
          <h2 id="author-stories" class="section-title">
            Stories by {name}
          </h2>
          <StoryList
            stories={data.stories}
            page={page}
            pages={pageCount(data.total)}
            href={(n) => authorPageHref(author, n)}
            empty="No published stories yet."
          />
        </section>
      </div>
    </PageFrame>
  );
}
