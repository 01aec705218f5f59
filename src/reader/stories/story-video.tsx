/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS } from '../../contract/page-contract.ts';
import {
  IMAGE_BOX,
  PICTURE_FALLBACK_WIDTH,
  PICTURE_SIZES,
  pictureAt,
  pictureSrcset,
  posterOf,
  type PictureSlot,
} from '../../domain/media/picture.ts';
import { videoSource } from '../../domain/media/video-source.ts';
import type { Story } from '../../domain/story/entities.ts';
import { island } from '../island.ts';
import { CaptionsButton, CaptionTracks, Transcript, videoCaptionsIsland, type VideoCaptionTrack } from '../captions/video-captions.tsx';

/** The YouTube player island's props: the privacy-enhanced player's address and its title, loaded on the tap. */
export interface YoutubePlayerProps {
  src: string;
  title: string;
}

/** The picture under a video's play button: the slot's widths, first to load, alt="" (the button names it). */
function FacadePicture({ src, slot }: { src: string; slot: PictureSlot }) {
  const srcset = pictureSrcset(src);
  return (
    <img
      class="video-facade-picture"
      src={pictureAt(src, PICTURE_FALLBACK_WIDTH[slot])}
      srcset={srcset || undefined}
      sizes={srcset ? PICTURE_SIZES[slot] : undefined}
      alt=""
      width={IMAGE_BOX.width}
      height={IMAGE_BOX.height}
      loading="eager"
      decoding="async"
      fetchpriority="high"
    />
  );
}

/**
 * The story's video: a YouTube video behind its facade (the story's picture and a play button; the
 * youtube-player island puts the privacy-enhanced player in its place on the tap), or a native player
 * with the picture as poster, its caption tracks, CC button and transcript (the transcript on the
 * story page only) when it has captions the reader may see (captions/video-captions.tsx). Nothing
 * for a link that plays as nothing.
 */
export function StoryVideo({
  story,
  origin,
  slot,
  captions = [],
}: {
  story: Pick<Story, 'videoUrl' | 'title' | 'featuredImageUrl'>;
  origin: string;
  slot: PictureSlot;
  /** The video's caption tracks this reader may see. */
  captions?: readonly VideoCaptionTrack[];
}) {
  const source = videoSource(story.videoUrl, origin);
  if (!source) return null;
  if (source.kind === 'youtube')
    return (
      <div class="video-frame">
        <button
          type="button"
          class="video-facade"
          aria-label={`Play video: ${story.title}`}
          {...island<YoutubePlayerProps>(ISLANDS.youtubePlayer, { src: source.embedUrl, title: `Video: ${story.title}` })}
        >
          {story.featuredImageUrl ? <FacadePicture src={story.featuredImageUrl} slot={slot} /> : null}
          <span class="video-facade-play" aria-hidden="true"></span>
        </button>
      </div>
    );
  const player = (
    <video
      src={source.src}
      poster={story.featuredImageUrl ? posterOf(story.featuredImageUrl) : undefined}
      controls
      preload="metadata"
      playsinline
      aria-label={`Video: ${story.title}`}
    >
      <CaptionTracks tracks={captions} />
    </video>
  );
  if (captions.length === 0) return <div class="video-frame">{player}</div>;
  return (
    <div class="story-video" {...videoCaptionsIsland()}>
      <div class="video-frame">
        {player}
        <CaptionsButton />
      </div>
      {slot === 'article' ? <Transcript tracks={captions} /> : null}
    </div>
  );
}
