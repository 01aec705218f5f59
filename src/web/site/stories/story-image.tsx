import type { Story } from '../../../domain/story/entities.ts';
import {
  IMAGE_BOX,
  PICTURE_FALLBACK_WIDTH,
  PICTURE_SIZES,
  pictureAt,
  pictureSrcset,
  type PictureSlot,
} from '../../../domain/media/picture.ts';

/**
 * A story's picture (featured image, else thumbnail) in a slot: the card, the featured slot or the
 * story page. It asks for the width the slot needs (srcset and sizes, for this site's uploads:
 * docs/product/api-pictures.md), is laid out 16:9 so nothing moves when it arrives, loads lazily
 * below the fold, and `priority` marks the one picture that is likely the largest on screen. A
 * card's picture is alt="" (its headline says what it is); elsewhere it has the story's alt text.
 * Without a picture: a quiet panel with the beat's name.
 */
export function StoryImage({
  story,
  slot,
  priority = false,
  className = 'story-image',
  decorative = slot === 'card',
}: {
  story: Story;
  slot: PictureSlot;
  priority?: boolean;
  className?: string;
  /** alt="": something beside it (a card's headline) or around it (a control's name) already says what it is. */
  decorative?: boolean;
}) {
  const src = story.featuredImageUrl || story.thumbnailUrl;
  if (!src) {
    return (
      <div className={`${className} story-image-empty`} aria-hidden="true">
        <span>{story.beat?.name ?? 'The Newsroom'}</span>
      </div>
    );
  }
  const srcset = pictureSrcset(src);
  return (
    <img
      className={className}
      src={pictureAt(src, PICTURE_FALLBACK_WIDTH[slot])}
      srcSet={srcset ?? undefined}
      sizes={srcset ? PICTURE_SIZES[slot] : undefined}
      alt={decorative ? '' : (story.featuredImageAlt ?? '')}
      width={IMAGE_BOX.width}
      height={IMAGE_BOX.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}

/** The story page's picture with its caption and credit, when it has them. */
export function StoryFigure({ story }: { story: Story }) {
  const caption = story.featuredImageCaption;
  const credit = story.featuredImageCredit;
  return (
    <figure className="article-figure">
      <StoryImage story={story} slot="article" priority className="article-image" />
      {caption || credit ? (
        <figcaption className="article-figcaption">
          {caption ? <span className="picture-caption">{caption}</span> : null}
          {caption && credit ? ' ' : null}
          {credit ? <span className="picture-credit">{credit}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
