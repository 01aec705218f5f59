import type { Story } from '../../../domain/story/entities.ts';
import { StoryCard } from './story-card.tsx';

/** Stories as a grid of cards: the home page, All stories, beat and author pages, related stories. */
export function StoryGrid({ stories }: { stories: readonly Story[] }) {
  return (
    <ul className="story-grid">
      {stories.map((story) => (
        <li key={story.id}>
          <StoryCard story={story} />
        </li>
      ))}
    </ul>
  );
}
