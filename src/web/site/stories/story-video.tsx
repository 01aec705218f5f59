import { posterOf } from '../../../domain/media/picture.ts';
import { videoSource } from '../../../domain/media/video-source.ts';

/** A story's video: a YouTube embed, or a native player with the featured image as its poster. */
export function StoryVideo({ url, title, poster }: { url: string | null; title: string; poster?: string | null }) {
  const source = videoSource(url, typeof location === 'undefined' ? undefined : location.origin);
  if (!source) return null;
  if (source.kind === 'youtube') {
    return (
      <div className="video-frame">
        <iframe
          src={source.embedUrl}
          title={`Video: ${title}`}
          loading="lazy"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
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
