/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { BeatPageRead } from '../../services/reader-pages/list-pages.ts';
import type { Beat } from '../../domain/beats/entities.ts';
import { beatPath, LIST_PAGE_SIZE, site, storyPath } from '../../domain/site/site.ts';
import { AlertsMenu } from '../alerts/alerts-menu.tsx';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import { websiteOpenGraph, type PageHead, type PageSocial } from '../frame/page-head.ts';
import { pageCount } from '../lists/page-links.tsx';
import { StoryList } from '../lists/story-list.tsx';
import { NewsletterSignup } from '../newsletters/newsletter-signup.tsx';

export const beatPageHref = (beat: Pick<Beat, 'slug'>, page = 1) => (page > 1 ? `${beatPath(beat)}?page=${page}` : beatPath(beat));

const describe = (beat: Beat) => beat.description ?? `The latest ${beat.name} stories from ${site.name}.`;

/** /beat/{slug}: its own title, description, canonical (each page its own), Open Graph and a CollectionPage. */
export function beatHead({ beat, stories, page }: BeatPageRead, origin: string, social: PageSocial): PageHead {
  const canonical = `${origin}${beatPageHref(beat, page)}`;
  const title = `${beat.name}${page > 1 ? `, page ${page}` : ''} – ${site.name}`;
  const description = describe(beat);
  return {
    title,
    description,
    canonical,
    ...websiteOpenGraph(origin, title, description, canonical, social),
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

/** /beat/{slug}: name, description, Alerts and the feed, its published stories newest first, page links, its newsletter. */
export function BeatPage({ data, context }: { data: BeatPageRead; context: FrameContext }) {
  const { beat, page } = data;
  return (
    <PageFrame context={context}>
      <div class="page beat-page">
        <header class="section-head beat-head">
          <div>
            <h1 class="section-title">{beat.name}</h1>
            {beat.description ? <p class="beat-description">{beat.description}</p> : null}
          </div>
          <div class="beat-follow">
            <AlertsMenu beat={beat} />
            <a class="section-link" href={`${beatPath(beat)}/rss.xml`}>
              RSS feed
            </a>
          </div>
        </header>
        <StoryList
          stories={data.stories}
          page={page}
          pages={pageCount(data.total)}
          href={(n) => beatPageHref(beat, n)}
          empty="No stories have been published here yet."
        />
      </div>
      <NewsletterSignup newsletter={data.newsletter} idPrefix="beat" />
    </PageFrame>
  );
}
