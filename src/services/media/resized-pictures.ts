import { jobDone, type JobOutcome } from '../../domain/jobs/job.ts';
import { derivativeKey, PICTURE_WIDTHS, UPLOAD_TIME_FORMATS, type PictureFormat, type PictureWidth } from '../../domain/media/picture.ts';
import type { MediaStore, PictureResizer, StoredObject } from '../../domain/media/ports.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import { startJobs } from '../jobs/start-jobs.ts';

export interface PictureDeps {
  media: MediaStore;
  pictures: PictureResizer;
}

/** A picture at one width in one format, ready to serve. `width` is null when the original's bytes stand in. */
export interface ResizedPicture {
  body: ReadableStream<Uint8Array> | Uint8Array;
  contentType: string;
  width: number | null;
}

/** Noted beside a kept picture: the width it really has (a picture is never made wider than its original). */
const WIDTH_NOTE = 'width';

async function bytesOf(body: ReadableStream): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** The kinds of picture this site resizes (a GIF is served as stored: resizing would drop its frames). */
export function isResizedType(contentType: string): boolean {
  return contentType.startsWith('image/') && contentType !== 'image/gif';
}

/**
 * The picture at one width in one format: resized from the original (never wider than it), or the
 * original's own bytes when that is what was asked for. A picture the resizer cannot read is served
 * as stored rather than not at all; `kept` says whether the result is worth keeping.
 */
async function render(
  resizer: PictureResizer,
  original: Uint8Array,
  ownType: string,
  originalWidth: number | null,
  width: number,
  format: PictureFormat,
): Promise<ResizedPicture & { kept: boolean }> {
  if (originalWidth === null) return { body: original, contentType: ownType, width: null, kept: false };
  const target = Math.min(width, originalWidth);
  if (target === originalWidth && format === ownType) return { body: original, contentType: ownType, width: target, kept: true };
  try {
    const resized = await resizer.resize(original, target, format);
    return { body: await bytesOf(resized.body), contentType: resized.contentType, width: target, kept: true };
  } catch (error) {
    console.error(`Could not resize a picture to ${target} px ${format}`, error);
    return { body: original, contentType: ownType, width: null, kept: false };
  }
}

/** The picture as kept from an earlier resize (at upload, or by an earlier reader), or null. */
export async function keptPicture(media: MediaStore, key: string, width: PictureWidth, format: PictureFormat) {
  const kept = await media.get(derivativeKey(key, width, format));
  if (!kept) return null;
  const noted = Number(kept.object.notes?.[WIDTH_NOTE]);
  return {
    body: kept.body,
    contentType: kept.object.contentType,
    size: kept.object.size,
    width: Number.isFinite(noted) && noted > 0 ? noted : null,
  };
}

/** The same, without its bytes: for HEAD, which never resizes. */
export async function keptPictureHead(media: MediaStore, key: string, width: PictureWidth, format: PictureFormat) {
  return media.head(derivativeKey(key, width, format));
}

async function keep(media: MediaStore, key: string, width: PictureWidth, format: PictureFormat, picture: ResizedPicture) {
  const notes = picture.width === null ? undefined : { [WIDTH_NOTE]: String(picture.width) };
  await media.put(derivativeKey(key, width, format), picture.body, picture.contentType, notes);
}

type Resized = ResizedPicture & { bytes: Uint8Array };

/** Resizes in progress in this isolate: concurrent misses for the same picture, width and format share one. */
const inFlight = new Map<string, Promise<Resized | null>>();

/**
 * A picture nobody kept yet (the upload's job has not reached it, or it is the original's format):
 * read the original once, resize once however many readers ask at the same time, and keep the result
 * in R2 for everyone after. Null when the original is gone.
 */
export function resizeAndKeep(
  deps: PictureDeps,
  original: StoredObject,
  width: PictureWidth,
  format: PictureFormat,
  keepInBackground: (work: Promise<unknown>) => void,
): Promise<Resized | null> {
  const flightKey = derivativeKey(original.key, width, format);
  const running = inFlight.get(flightKey);
  if (running) return running;
  const forget = () => inFlight.delete(flightKey);
  const work = (async (): Promise<Resized | null> => {
    const stored = await deps.media.get(original.key);
    if (!stored) {
      forget();
      return null;
    }
    const bytes = await bytesOf(stored.body);
    const size = await deps.pictures.dimensions(bytes);
    const picture = await render(deps.pictures, bytes, original.contentType, size?.width ?? null, width, format);
    const result = { ...picture, bytes: picture.body as Uint8Array };
    // Readers who come while it is being kept still share this one; after, they find it in R2.
    if (picture.kept)
      keepInBackground(keep(deps.media, original.key, width, format, { ...picture, body: result.bytes.slice() }).finally(forget));
    else forget();
    return result;
  })();
  inFlight.set(flightKey, work);
  work.catch(forget);
  return work;
}

/**
 * The job an uploaded picture starts (decision 065, kind `picture.derivatives`): every width pages ask
 * for, in AVIF and WebP, made from one read of the original and kept in R2. Widths past the original's
 * are its own width (made once, kept under each). What was kept already is not made again, so a second
 * run after a crash finishes the rest.
 */
export async function makePictureDerivatives(deps: PictureDeps, key: string): Promise<JobOutcome> {
  const original = await deps.media.head(key);
  if (!original) return { status: 'failed', error: 'The picture is gone' };
  if (!isResizedType(original.contentType)) return jobDone;

  const missing: { width: PictureWidth; format: PictureFormat }[] = [];
  for (const format of UPLOAD_TIME_FORMATS)
    for (const width of PICTURE_WIDTHS) if (!(await keptPictureHead(deps.media, key, width, format))) missing.push({ width, format });
  if (missing.length === 0) return jobDone;

  const stored = await deps.media.get(key);
  if (!stored) return { status: 'failed', error: 'The picture is gone' };
  const bytes = await bytesOf(stored.body);
  const size = await deps.pictures.dimensions(bytes);
  if (!size) return jobDone; // Not a picture the resizer reads: it is served as stored.

  const made = new Map<string, ResizedPicture & { kept: boolean }>();
  for (const { width, format } of missing) {
    const target = Math.min(width, size.width);
    const madeKey = `${target}:${format}`;
    let picture = made.get(madeKey);
    if (!picture) {
      picture = await render(deps.pictures, bytes, original.contentType, size.width, width, format);
      made.set(madeKey, picture);
    }
    if (!picture.kept) return { status: 'retry', error: `Could not resize to ${target} px ${format}` };
    await keep(deps.media, key, width, format, picture);
  }
  return jobDone;
}

/** After a picture is uploaded: its job makes every width pages ask for (decision 065). */
export async function startPictureDerivatives(jobs: JobFanOut, picture: { key: string; contentType: string }, now: string) {
  if (!isResizedType(picture.contentType)) return;
  await startJobs(jobs, [{ id: crypto.randomUUID(), kind: 'picture.derivatives', ref: picture.key }], now);
}
