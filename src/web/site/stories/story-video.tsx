import { useState } from 'react';
import {
  IMAGE_BOX,
  PICTURE_FALLBACK_WIDTH,
  PICTURE_SIZES,
  pictureAt,
  pictureSrcset,
  posterOf,
  type PictureSlot,
} from '../../../domain/media/picture.ts';
import { videoSource } from '../../../domain/media/video-source.ts';
import { YOUTUBE_PLAYER_ALLOW } from '../../../domain/media/youtube-player.ts';

/**
 * A story's video: a YouTube video behind its facade (the story's picture and a play button; the
 * player, youtube-nocookie, loads only on the tap: decision 070), or a native player with the
 * featured image as its poster. The worker's reading view writes the same markup
 * (src/adapters/http/seo/reading-view.ts), its facade woken by the youtube-player island.
 */
export function StoryVideo({
  url,
  title,
  poster,
  slot = 'article',
  priority = false,
}: {
  url: string | null;
  title: string;
  poster?: string | null;
  /** Where the facade's picture sits, for the width it asks for. */
  slot?: PictureSlot;
  /** The facade's picture is likely the largest on screen. */
  priority?: boolean;
}) {
  const [playing, setPlaying] = useState(false);
  const source = videoSource(url, typeof location === 'undefined' ? undefined : location.origin);
  if (!source) return null;
  if (source.kind === 'youtube') {
    return (
      <div className="video-frame">
        {playing ? (
          <iframe
            src={source.embedUrl}
            title={`Video: ${title}`}
            allow={YOUTUBE_PLAYER_ALLOW}
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <button type="button" className="video-facade" aria-label={`Play video: ${title}`} onClick={() => setPlaying(true)}>
            {poster ? <FacadePicture src={poster} slot={slot} priority={priority} /> : null}
            <span className="video-facade-play" aria-hidden="true" />
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="video-frame">
      <video
        src={source.src}
        poster={poster ? posterOf(poster) : undefined}
        controls
        preload="metadata"
        playsInline
        aria-label={`Video: ${title}`}
      />
    </div>
  );
}

/** The story's picture under the play button, at the slot's widths; alt="": the button says what it is. */
function FacadePicture({ src, slot, priority }: { src: string; slot: PictureSlot; priority: boolean }) {
  const srcset = pictureSrcset(src);
  return (
    <img
      className="video-facade-picture"
      src={pictureAt(src, PICTURE_FALLBACK_WIDTH[slot])}
      srcSet={srcset ?? undefined}
      sizes={srcset ? PICTURE_SIZES[slot] : undefined}
      alt=""
      width={IMAGE_BOX.width}
      height={IMAGE_BOX.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
