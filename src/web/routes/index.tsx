import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { latestStoriesQuery } from '../api/stories.ts';

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(latestStoriesQuery()),
  component: Home,
});

function Home() {
  const { data: stories } = useSuspenseQuery(latestStoriesQuery());
  return (
    <main className="page">
      <section className="hero">
        <h1>Independent news</h1>
        <p className="tagline">Uncensored. Unfiltered. Unapologetic.</p>
      </section>
      <section aria-labelledby="latest-heading">
        <h2 id="latest-heading">Latest Stories</h2>
        <ul className="story-grid">
          {stories.map((story) => (
            <li key={story.id} className="story-card">
              <h3>{story.title}</h3>
              <p>{story.description}</p>
              <p className="byline">{story.author.username}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
