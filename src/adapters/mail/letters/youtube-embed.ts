import { youtubeId } from '../../../domain/media/video-source.ts';

/** The video id of a story's YouTube embed (its iframe's src), or null: mail shows it as a linked picture. */
export function embeddedYoutubeId(src: string): string | null {
  try {
    return youtubeId(new URL(src));
  } catch {
    return null;
  }
}
