import type { MediaKind } from '../../../domain/media/media-types.ts';

/**
 * docs/product/rules.md#validation: images png, jpg, jpeg, gif, webp; videos mp4, webm, mov, avi. A file passes
 * by its type or its extension (react-dropzone's rule); the server then decides by its first bytes.
 */
export const ACCEPTED_IMAGES: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

export const ACCEPTED_VIDEOS: Record<string, string[]> = {
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'video/quicktime': ['.mov'],
  'video/x-msvideo': ['.avi'],
};

export const ACCEPTED_MEDIA: Record<string, string[]> = { ...ACCEPTED_IMAGES, ...ACCEPTED_VIDEOS };

export type { MediaKind };

function matches(file: File, accept: Record<string, string[]>): boolean {
  const name = file.name.toLowerCase();
  return Object.entries(accept).some(([type, extensions]) => file.type === type || extensions.some((ext) => name.endsWith(ext)));
}

/** Whether an accepted file is an image or a video (null for anything outside docs/product's list). */
export function mediaKind(file: File): MediaKind | null {
  if (matches(file, ACCEPTED_IMAGES)) return 'image';
  if (matches(file, ACCEPTED_VIDEOS)) return 'video';
  return null;
}

/** Uploads one file, reporting progress from 0 to 1; resolves with the address it is served from. */
export type UploadMedia = (
  file: File,
  options: { onProgress: (fraction: number) => void; signal: AbortSignal },
) => Promise<{ url: string }>;
