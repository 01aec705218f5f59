/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { Story } from '../../domain/story/entities.ts';
import { StoryGrid } from '../stories/story-card.tsx';
import { PageLinks } from './page-links.tsx';

interface StoryListProps {
  stories: readonly Story[];
  page: number;
  pages: number;
  href: (page: number) => string;
  /** What the first page says when there is nothing on it. */
  empty: string;
  /** Page links to the first and the last page too (/beta's). */
  ends?: boolean;
}

/** A paged list of stories, or what to say when a page has none. */
export function StoryList({ stories, page, pages, href, empty, ends }: StoryListProps) {
  if (stories.length === 0)
    return (
      <p class="empty">
        {page > 1 ? (
          <>
            There is no page {page}. <a href={href(1)}>Go to the first page</a>.
          </>
        ) : (
          empty
        )}
      </p>
    );
  return (
    <>
      <StoryGrid stories={stories} />
      <PageLinks page={page} pages={pages} href={href} ends={ends} />
    </>
  );
}
