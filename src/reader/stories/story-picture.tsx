/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { Story } from '../../domain/story/entities.ts';
import { site } from '../../domain/site/site.ts';
import {
  IMAGE_BOX,
  PICTURE_FALLBACK_WIDTH,
  PICTURE_SIZES,
  pictureAt,
  pictureSrcset,
  type PictureSlot,
} from '../../domain/media/picture.ts';

/**
 * A story's picture in a slot: at the widths the slot needs (srcset and sizes, for this site's
 * uploads), laid out 16:9 so nothing moves when it arrives, lazy below the fold, and the one
 * `priority` picture (the largest paint) fetched first. A story without a picture gets its beat's name on a plain panel.
 */
export function StoryPicture({
  story,
  slot,
  class: className,
  priority,
  decorative = slot === 'card',
}: {
  story: Story;
  slot: PictureSlot;
  class: string;
  priority: boolean;
  /** alt="": something beside it (a card's headline) or around it (a link's name) already says what it is. */
  decorative?: boolean;
}) {
  const src = story.featuredImageUrl || story.thumbnailUrl;
  if (!src)
    return (
      <div class={`${className} story-image-empty`} aria-hidden="true">
        <span>{story.beat?.name ?? site.name}</span>
      </div>
    );
  const srcset = pictureSrcset(src);
  return (
    <img
      class={className}
      src={pictureAt(src, PICTURE_FALLBACK_WIDTH[slot])}
      srcset={srcset || undefined}
      sizes={srcset ? PICTURE_SIZES[slot] : undefined}
      alt={decorative ? '' : (story.featuredImageAlt ?? '')}
      width={IMAGE_BOX.width}
      height={IMAGE_BOX.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchpriority={priority ? 'high' : undefined}
    />
  );
}

/** The story page's picture with its caption and credit. */
export function ArticleFigure({ story }: { story: Story }) {
  const caption = story.featuredImageCaption;
  const credit = story.featuredImageCredit;
  return (
    <figure class="article-figure">
      <StoryPicture story={story} slot="article" class="article-image" priority />
      {caption || credit ? (
        <figcaption class="article-figcaption">
          {caption ? <span class="picture-caption">{caption}</span> : null}
          {caption && credit ? ' ' : null}
          {credit ? <span class="picture-credit">{credit}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
