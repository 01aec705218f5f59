import { PayloadTooLargeError } from '../errors.ts';

/**
 * What may be uploaded, decided from a file's first bytes (docs/product/api.md#media): images png, jpeg, gif,
 * webp; videos mp4, webm, quicktime, avi. Anything else is refused, whatever its name or the type
 * the client claimed.
 */
export type MediaKind = 'image' | 'video';

export interface AcceptedMedia {
  kind: MediaKind;
  /** The type the object is stored and served with. */
  contentType: string;
  /** The extension of the key the server makes. */
  extension: string;
}

/** Keyed by the extension a magic-number sniffer (file-type) reports. */
const ACCEPTED: Record<string, AcceptedMedia> = {
  png: { kind: 'image', contentType: 'image/png', extension: 'png' },
  // An animated PNG is a PNG; browsers show it from image/png.
  apng: { kind: 'image', contentType: 'image/png', extension: 'png' },
  jpg: { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' },
  gif: { kind: 'image', contentType: 'image/gif', extension: 'gif' },
  webp: { kind: 'image', contentType: 'image/webp', extension: 'webp' },
  mp4: { kind: 'video', contentType: 'video/mp4', extension: 'mp4' },
  // Safari's MediaRecorder and some phones write MP4 with the M4V brand.
  m4v: { kind: 'video', contentType: 'video/mp4', extension: 'mp4' },
  webm: { kind: 'video', contentType: 'video/webm', extension: 'webm' },
  mov: { kind: 'video', contentType: 'video/quicktime', extension: 'mov' },
  avi: { kind: 'video', contentType: 'video/x-msvideo', extension: 'avi' },
};

/** The accepted media a sniffed type stands for, or null when it is not accepted. */
export function acceptedMedia(sniffed: { ext: string } | undefined | null): AcceptedMedia | null {
  return sniffed ? (ACCEPTED[sniffed.ext] ?? null) : null;
}

export const unsupportedMediaMessage: Record<MediaKind, string> = {
  image: 'Images must be PNG, JPEG, GIF or WebP',
  video: 'Videos must be MP4, WebM, QuickTime (MOV) or AVI',
};

/** A file past its kind's size limit (413). */
export function tooLarge(kind: MediaKind, maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The ${kind} is larger than the limit of ${Math.floor(maxBytes / (1024 * 1024))} MB`);
}
