/**
 * Pictures at the size a screen needs (docs/product/api-pictures.md): the widths `/media/{key}?w=`
 * serves, the format it answers in, and the `srcset`/`sizes` every story picture on a reader's
 * page carries. Shared by the worker's pages and the app, so both ask for the same files.
 */

/** The widths served, in CSS pixels of the picture. A wider one than the picture itself is served at the picture's own width. */
export const PICTURE_WIDTHS = [320, 480, 640, 768, 960, 1080, 1280, 1600, 1920] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

export function isPictureWidth(value: number): value is PictureWidth {
  return (PICTURE_WIDTHS as readonly number[]).includes(value);
}

/** Uploaded pictures are served by this site under /media/images/...: only those are resized. */
const UPLOADED_PICTURE = /^\/media\/images\/[\w/-]+\.(jpe?g|png|webp)$/;

export function isResizablePicture(url: string | null | undefined): url is string {
  return !!url && UPLOADED_PICTURE.test(url);
}

/** The picture at `width`, for a resizable one; any other link as it is. */
export function pictureAt(url: string, width: PictureWidth): string {
  return isResizablePicture(url) ? `${url}?w=${width}` : url;
}

/** `srcset` over every served width, or null for a picture this site does not resize (a link elsewhere, a GIF). */
export function pictureSrcset(url: string | null | undefined): string | null {
  if (!isResizablePicture(url)) return null;
  return PICTURE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}

/**
 * How wide each slot is laid out (src/web/styles.css): a card is one column of three (352 px on a
 * wide page), two or one on narrower screens; the featured picture takes 1.35 of 2.35 parts of the
 * page; a story's picture the article's width. Each is the page's width less its gutters.
 */
export const PICTURE_SIZES = {
  card: '(max-width: 40rem) calc(100vw - 2rem), (max-width: 60rem) calc(50vw - 2.25rem), 352px',
  featured: '(max-width: 60rem) calc(100vw - 2.5rem), 620px',
  article: '(max-width: 46rem) calc(100vw - 2.5rem), 696px',
} as const;
export type PictureSlot = keyof typeof PICTURE_SIZES;

/** The `src` of a picture in a slot: a width a common screen needs, for browsers that ignore srcset. */
export const PICTURE_FALLBACK_WIDTH: Record<PictureSlot, PictureWidth> = { card: 640, featured: 960, article: 1080 };

/** Every story picture is laid out at 16:9 (its width and height attributes), so nothing moves when it arrives. */
export const IMAGE_BOX = { width: 1280, height: 720 } as const;

/** A video's poster (no srcset for posters): wide enough for the featured slot on most screens. */
export function posterOf(url: string): string {
  return pictureAt(url, 960);
}

export type PictureFormat = 'image/avif' | 'image/webp' | 'image/jpeg' | 'image/png';

/** What an `Accept` header allows: AVIF, else WebP, else the picture's own type. */
export function pictureFormatFor(accept: string | null | undefined, ownType: string): PictureFormat {
  const allowed = (type: string) =>
    new RegExp(`(^|[\\s,])${type.replace('/', '\\/')}(\\s*;(?!\\s*q=0(\\.0*)?\\s*(,|$))[^,]*)?\\s*(,|$)`, 'i').test(accept ?? '');
  if (allowed('image/avif')) return 'image/avif';
  if (allowed('image/webp')) return 'image/webp';
  return ownType === 'image/png' ? 'image/png' : 'image/jpeg';
}

export const PICTURE_EXTENSIONS: Record<PictureFormat, string> = {
  'image/avif': 'avif',
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * The formats made at every width as soon as a picture is uploaded (decision 065): what today's
 * browsers ask for, so the first reader is served as fast as the thousandth. The picture's own format
 * (for browsers that take neither) is made when first asked for, and kept.
 */
export const UPLOAD_TIME_FORMATS = ['image/avif', 'image/webp'] as const satisfies readonly PictureFormat[];

/** Where the picture `key` at `width` in `format` is kept, beside the original in the media bucket (never served by its own address). */
export function derivativeKey(key: string, width: PictureWidth, format: PictureFormat): string {
  return `derivatives/${key}/${width}.${PICTURE_EXTENSIONS[format]}`;
}
