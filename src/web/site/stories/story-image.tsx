import type { Story } from '../../../domain/entities.ts';

/** Every story picture is laid out at 16:9 so nothing moves when it arrives. */
export const IMAGE_WIDTH = 1280;
export const IMAGE_HEIGHT = 720;

/**
 * A story's picture (featured image, else thumbnail). Below the fold it loads lazily; `priority`
 * marks the one picture that is likely the largest thing on screen. Without a picture: a quiet
 * panel with the beat's name.
 */
export function StoryImage({ story, priority = false, className = 'story-image' }: { story: Story; priority?: boolean; className?: string }) {
  const src = story.featuredImageUrl || story.thumbnailUrl;
  if (!src) {
    return (
      <div className={`${className} story-image-empty`} aria-hidden="true">
        <span>{story.beat?.name ?? 'The Newsroom'}</span>
      </div>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
