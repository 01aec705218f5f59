import { isValidYoutubeUrl } from '@tiptap/extension-youtube';

/** The YouTube video a pasted link points at, in the form the embed node takes; null when it is not one. */
export function youtubeLink(raw: string): { src: string; start?: number } | null {
  const value = raw.trim();
  return isValidYoutubeUrl(value) ? { src: value } : null;
}
