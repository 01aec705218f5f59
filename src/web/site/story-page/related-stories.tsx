import { useQuery } from '@tanstack/react-query';
import type { Story } from '../../../domain/story/entities.ts';
import { RELATED_STORIES } from '../../../domain/site/site.ts';
import { StoryGrid } from '../stories/story-grid.tsx';
import { publishedPageQuery } from '../stories/story-queries.ts';

/** Three more published stories from the story's beat, newest first, as the worker writes them (reading-view.ts). */
export function RelatedStories({ story }: { story: Story }) {
  const beat = story.beat;
  // The beat's first page, which the beat page reads too: one cached read for both.
  const { data } = useQuery({ ...publishedPageQuery(1, beat?.id), enabled: beat !== null });
  const related = (data?.items ?? []).filter((other) => other.id !== story.id).slice(0, RELATED_STORIES);
  if (!beat || related.length === 0) return null;
  return (
    <section className="related page" aria-labelledby="related-heading">
      <h2 id="related-heading" className="section-title">
        More from {beat.name}
      </h2>
      <StoryGrid stories={related} />
    </section>
  );
}
