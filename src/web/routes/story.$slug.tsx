import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { Story } from '../../domain/story/entities.ts';
import { storyBySlugQuery } from '../api/story-queries.ts';
import { useDocumentTitle } from '../ui/document-title.ts';
import { StoryNotFound } from '../ui/not-found.tsx';
import { StoryPreview } from '../staff/story-preview/story-preview.tsx';
import { useViewCounter } from '../staff/story-preview/use-view-counter.ts';

/**
 * A story the public may not see (a draft, a scheduled or deleted story), opened by a signed-in
 * browser: the worker answered 404 and started the app (APP_WHEN_SIGNED_IN_ATTRIBUTE), which asks
 * the API with this browser's token; and the page a save moves to. Every other story is the
 * worker's page (decision 076); this one too, as its preview (decision 120).
 */
export const Route = createFileRoute('/story/$slug')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(storyBySlugQuery(params.slug)),
  pendingComponent: () => (
    <p className="page loading-text" role="status">
      Loading story...
    </p>
  ),
  pendingMs: 150,
  pendingMinMs: 300,
  component: StoryPage,
});

function StoryPage() {
  const { slug } = Route.useParams();
  const query = storyBySlugQuery(slug);
  const { data: story } = useSuspenseQuery(query);
  useDocumentTitle(story ? story.title : 'Story Not Found');
  return story ? <CountedStory story={story} queryKey={query.queryKey} /> : <StoryNotFound />;
}

function CountedStory({ story, queryKey }: { story: Story; queryKey: readonly unknown[] }) {
  useViewCounter(story, queryKey);
  return <StoryPreview storyId={story.id} />;
}
