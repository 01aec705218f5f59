import type { Story } from '../../../domain/story/entities.ts';
import { Icon } from '../../ui/icons.tsx';
import { shareStory } from '../../../reader/stories/share-story.ts';

type Shareable = Pick<Story, 'slug' | 'id' | 'title' | 'description'>;

/** A button that shares a story (device share dialog, or the link copied with a toast). */
export function ShareButton({
  story,
  label = 'Share',
  className = 'button button-secondary',
}: {
  story: Shareable;
  label?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => void shareStory(story)}
      aria-label={label === 'Share' ? `Share: ${story.title}` : undefined}
    >
      <Icon name="share" />
      {label}
    </button>
  );
}
