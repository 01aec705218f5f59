import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { beatPath } from '../../domain/site/site.ts';
import { beatBySlugQuery } from '../site/discovery/discovery-queries.ts';
import { pageSearchParam } from '../site/discovery/page-links.tsx';
import { StoryListPage } from '../site/discovery/story-list-page.tsx';
import { AlertsMenu } from '../site/frame/alerts-menu.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { Spinner } from '../ui/spinner.tsx';

/** /beat/{slug} (docs/product/screens.md, "Beat page"); the worker writes the same page first. */
export const Route = createFileRoute('/beat/$slug')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: pageSearchParam(search.page) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(beatBySlugQuery(params.slug)),
  pendingComponent: () => <Spinner label="Loading the beat" />,
  component: BeatPage,
});

function BeatPage() {
  const { slug } = Route.useParams();
  const { page = 1 } = Route.useSearch();
  const { data: beat } = useSuspenseQuery(beatBySlugQuery(slug));
  useDocumentTitle(beat ? (page > 1 ? `${beat.name}, page ${page}` : beat.name) : 'Beat Not Found');
  if (!beat) {
    return (
      <div className="page">
        <h1 className="section-title">Beat Not Found</h1>
        <p className="empty">There is no such beat. Every published story is under All stories.</p>
      </div>
    );
  }
  return (
    <div className="page beat-page">
      <header className="section-head beat-head">
        <div>
          <h1 className="section-title">{beat.name}</h1>
          {beat.description ? <p className="beat-description">{beat.description}</p> : null}
        </div>
        <div className="beat-follow">
          <AlertsMenu beat={beat} />
          <a className="section-link" href={`${beatPath(beat)}/rss.xml`}>
            RSS feed
          </a>
        </div>
      </header>
      <Suspense fallback={<Spinner label="Loading stories" />}>
        <StoryListPage page={page} beatId={beat.id} href={(n) => (n > 1 ? `${beatPath(beat)}?page=${n}` : beatPath(beat))} />
      </Suspense>
    </div>
  );
}
