import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { LATEST_STORIES_ID as LATEST_ID } from '../../contract/page-contract.ts';
import { featuredStoryQuery, latestStoriesQuery } from '../site/stories/story-queries.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { FeaturedStory } from '../site/home/featured-story.tsx';
import { Hero } from '../site/home/hero.tsx';
import { StoryGrid } from '../site/stories/story-grid.tsx';

export const Route = createFileRoute('/')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(featuredStoryQuery()), context.queryClient.ensureQueryData(latestStoriesQuery())]),
  component: Home,
});

function Home() {
  const { data: featured } = useSuspenseQuery(featuredStoryQuery());
  const { data: latest } = useSuspenseQuery(latestStoriesQuery());
  useDocumentTitle(null);
  return (
    <>
      <Hero latestId={LATEST_ID} />
      <div className="page">
        {featured ? <FeaturedStory story={featured} /> : null}
        <section className="latest" aria-labelledby={`${LATEST_ID}-heading`}>
          <div className="section-head">
            <h2 id={`${LATEST_ID}-heading`} className="section-title">
              <span id={LATEST_ID} tabIndex={-1} className="scroll-target">
                Latest Stories
              </span>
            </h2>
            <Link to="/beta" className="section-link">
              All stories <span aria-hidden="true">→</span>
            </Link>
          </div>
          {latest.length > 0 ? <StoryGrid stories={latest} /> : <p className="empty">No stories have been published yet.</p>}
        </section>
      </div>
    </>
  );
}
