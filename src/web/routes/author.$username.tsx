import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { authorName } from '../../domain/story/byline.ts';
import { authorPath, beatPath } from '../../domain/site/site.ts';
import { authorProfileQuery } from '../site/discovery/discovery-queries.ts';
import { pageSearchParam } from '../site/discovery/page-links.tsx';
import { StoryListPage } from '../site/discovery/story-list-page.tsx';
import { HrefLink } from '../ui/href-link.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { Spinner } from '../ui/spinner.tsx';

/** /author/{username} (docs/product/screens.md, "Author page"); the worker writes the same page first. */
export const Route = createFileRoute('/author/$username')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: pageSearchParam(search.page) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(authorProfileQuery(params.username)),
  pendingComponent: () => <Spinner label="Loading the author" />,
  component: AuthorPage,
});

function AuthorPage() {
  const { username } = Route.useParams();
  const { page = 1 } = Route.useSearch();
  const { data: author } = useSuspenseQuery(authorProfileQuery(username));
  const name = author ? authorName(author) : null;
  useDocumentTitle(name ?? 'Author Not Found');
  if (!author || !name) {
    return (
      <div className="page">
        <h1 className="section-title">Author Not Found</h1>
        <p className="empty">There is no such author.</p>
      </div>
    );
  }
  return (
    <div className="page author-page">
      <header className="author-head">
        <h1 className="section-title">{name}</h1>
        <p className="author-role">{author.role === 'admin' ? 'Editor' : 'Reporter'}</p>
        {author.beats.length > 0 ? (
          <ul className="badge-list author-beats" aria-label="Beats">
            {author.beats.map((beat) => (
              <li key={beat.id}>
                <HrefLink className="badge" href={beatPath(beat)}>
                  {beat.name}
                </HrefLink>
              </li>
            ))}
          </ul>
        ) : null}
        {author.bio ? <p className="author-bio">{author.bio}</p> : null}
      </header>
      <section aria-labelledby="author-stories">
        <h2 id="author-stories" className="section-title">
          Stories by {name}
        </h2>
        <Suspense fallback={<Spinner label="Loading stories" />}>
          <StoryListPage page={page} authorId={author.id} href={(n) => (n > 1 ? `${authorPath(author)}?page=${n}` : authorPath(author))} />
        </Suspense>
      </section>
    </div>
  );
}
