import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { Beat } from '../../domain/beats/entities.ts';
import { slugify } from '../../domain/story/slug.ts';
import { beatsQuery } from '../site/beats/beat-queries.ts';
import { featuredStoryQuery, publishedPageQuery, STORY_PAGE_SIZE } from '../site/stories/story-queries.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BreakingNews } from '../site/story-list/breaking-news.tsx';
import { Pagination } from '../site/story-list/pagination.tsx';
import { StoryGrid } from '../site/stories/story-grid.tsx';

interface BetaSearch {
  page?: number;
  /** A beat by its slugified name, e.g. "local-news" (the footer's news links). */
  beat?: string;
}

export const Route = createFileRoute('/beta')({
  validateSearch: (search: Record<string, unknown>): BetaSearch => {
    const page = Number(search.page);
    const beat = typeof search.beat === 'string' && search.beat !== '' ? slugify(search.beat) : undefined;
    return { page: Number.isInteger(page) && page > 1 ? page : undefined, beat: beat || undefined };
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const beatId = deps.beat ? findBeat(await context.queryClient.ensureQueryData(beatsQuery()), deps.beat)?.id : undefined;
    await Promise.all([
      context.queryClient.ensureQueryData(featuredStoryQuery()),
      deps.beat && beatId === undefined ? null : context.queryClient.ensureQueryData(publishedPageQuery(deps.page ?? 1, beatId)),
    ]);
  },
  pendingComponent: () => <Spinner label="Loading stories" />,
  component: AllStories,
});

function findBeat(beats: Beat[], beatSlug: string): Beat | undefined {
  return beats.find((beat) => slugify(beat.name) === beatSlug);
}

function AllStories() {
  const { page = 1, beat: beatSlug } = Route.useSearch();
  const { data: featured } = useSuspenseQuery(featuredStoryQuery());
  const { data: beats } = useQuery({ ...beatsQuery(), enabled: beatSlug !== undefined });
  const beat = beatSlug && beats ? findBeat(beats, beatSlug) : undefined;
  const heading = beat ? beat.name : beatSlug ? 'Section not found' : 'All Stories';
  useDocumentTitle(page > 1 ? `${heading}, page ${page}` : heading);
  // The breaking-news title is the page's h1 when there is one.
  const Heading = featured ? 'h2' : 'h1';

  return (
    <>
      {featured ? <BreakingNews story={featured} /> : null}
      <div className="page">
        <section aria-labelledby="all-stories">
          <div className="section-head">
            <Heading id="all-stories" className="section-title" tabIndex={-1}>
              {heading}
            </Heading>
            {beatSlug ? (
              <Link to="/beta" className="section-link">
                All stories <span aria-hidden="true">→</span>
              </Link>
            ) : null}
          </div>
          {beatSlug && !beat ? (
            <p className="empty">There is no “{beatSlug.replace(/-/g, ' ')}” section yet. Every published story is under All stories.</p>
          ) : (
            <StoryPage page={page} beatId={beat?.id} beatSlug={beatSlug} />
          )}
        </section>
      </div>
    </>
  );
}

function StoryPage({ page, beatId, beatSlug }: { page: number; beatId?: number; beatSlug?: string }) {
  const { data } = useSuspenseQuery(publishedPageQuery(page, beatId));
  const pageCount = Math.max(1, Math.ceil(data.total / STORY_PAGE_SIZE));
  if (data.items.length === 0) {
    return page > 1 ? (
      <p className="empty">
        There is no page {page}.{' '}
        <Link to="/beta" search={{ beat: beatSlug }}>
          Go to the first page
        </Link>
        .
      </p>
    ) : (
      <p className="empty">No stories have been published here yet.</p>
    );
  }
  const first = (page - 1) * STORY_PAGE_SIZE + 1;
  return (
    <>
      <p className="list-summary" aria-live="polite">
        Showing {first}–{first + data.items.length - 1} of {data.total} stories
      </p>
      <StoryGrid stories={data.items} />
      <Pagination page={page} pageCount={pageCount} beat={beatSlug} />
    </>
  );
}
