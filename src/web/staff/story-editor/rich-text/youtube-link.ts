import { videoSource } from '../../../../domain/media/video-source.ts';

/**
 * The YouTube video a link points at (watch, shorts, live, embed or youtu.be forms, as the rest
 * of the site reads them), in the form the embed node takes; null when it is no YouTube video.
 */
export function youtubeLink(raw: string): { src: string; start?: number } | null {
  const source = videoSource(raw);
  if (source?.kind !== 'youtube') return null;
  const start = Number(new URL(source.embedUrl).searchParams.get('start'));
  return start > 0 ? { src: source.watchUrl, start } : { src: source.watchUrl };
}
