import { useSuspenseQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../domain/site/site.ts';
import { StoryGrid } from '../stories/story-grid.tsx';
import { publishedPageQuery } from '../stories/story-queries.ts';
import { PageLinks } from './page-links.tsx';

/** One page of a beat's or an author's published stories, newest first, with page links. */
export function StoryListPage({
  page,
  beatId,
  authorId,
  href,
}: {
  page: number;
  beatId?: number;
  authorId?: number;
  href: (page: number) => string;
}) {
  const { data } = useSuspenseQuery(publishedPageQuery(page, beatId, authorId));
  if (data.items.length === 0) {
    return <p className="empty">{page > 1 ? `There is no page ${page}.` : 'No stories have been published here yet.'}</p>;
  }
  return (
    <>
      <StoryGrid stories={data.items} />
      <PageLinks page={page} pageCount={Math.max(1, Math.ceil(data.total / LIST_PAGE_SIZE))} href={href} />
    </>
  );
}
