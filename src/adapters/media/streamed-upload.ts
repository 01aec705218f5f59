import { UnsupportedMediaTypeError, ValidationError } from '../../domain/errors.ts';
import { mediaKey } from '../../media/media-keys.ts';
import { tooLarge, unsupportedMediaMessage, type AcceptedMedia, type MediaKind } from '../../domain/media/media-types.ts';
import type { MediaStore, UploadedPart } from '../../domain/media/ports.ts';
import { SNIFF_BYTES, sniffMedia } from './sniff-media.ts';

export interface StreamedUploadOptions {
  kind: MediaKind;
  maxBytes: number;
  /** Bytes held before they go to R2 as one part; memory stays under two of these whatever the file's size. */
  partSize: number;
  now: string;
}

export interface StoredUpload {
  key: string;
  contentType: string;
  size: number;
}

/**
 * Streams one file of unknown length into R2: its type is decided from the first bytes before
 * anything is written, and it is refused (with nothing stored) when it is not an accepted type or
 * passes maxBytes. A file that fits in one part is one put; a longer one becomes a multipart
 * upload of equal parts, each sent while the next fills. Any failure aborts the multipart upload.
 */
export async function storeStreamedUpload(
  media: MediaStore,
  source: AsyncIterable<Uint8Array>,
  options: StreamedUploadOptions,
): Promise<StoredUpload> {
  const { kind, maxBytes, partSize } = options;
  // Two buffers in turn: one filling while the other is being sent (a part is sent only once the
  // previous one is done, so the buffer being refilled is always free). Nothing else is held.
  const buffers = [new Uint8Array(partSize), new Uint8Array(0)];
  let buffer = buffers[0]!;
  let fill = 0;
  let size = 0;
  let accepted: AcceptedMedia | null = null;
  let key = '';
  let uploadId: string | null = null;
  const parts: UploadedPart[] = [];
  let inFlight: Promise<void> = Promise.resolve();

  const decideType = async () => {
    accepted = await sniffMedia(buffer.subarray(0, fill));
    if (!accepted || accepted.kind !== kind) throw new UnsupportedMediaTypeError(unsupportedMediaMessage[kind]);
    key = mediaKey(kind === 'image' ? 'images' : 'videos', accepted.extension, options.now, crypto.randomUUID());
  };

  const sendPart = async (bytes: Uint8Array) => {
    uploadId ??= await media.createMultipartUpload(key, accepted!.contentType);
    const id = uploadId;
    await inFlight;
    const partNumber = parts.length + 1;
    parts.push({ partNumber, etag: '' });
    inFlight = media.uploadPart(key, id, partNumber, bytes).then((part) => {
      parts[partNumber - 1] = part;
    });
  };

  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(kind, maxBytes);
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(chunk.length - at, partSize - fill);
        buffer.set(chunk.subarray(at, at + n), fill);
        fill += n;
        at += n;
        if (!accepted && fill >= SNIFF_BYTES) await decideType();
        if (fill === partSize) {
          await sendPart(buffer);
          const other = buffers[0] === buffer ? 1 : 0;
          if (buffers[other]!.length === 0) buffers[other] = new Uint8Array(partSize);
          buffer = buffers[other]!;
          fill = 0;
        }
      }
    }
    if (size === 0) throw new ValidationError({ file: 'The file is empty' });
    if (!accepted) await decideType();
    const contentType = (accepted as AcceptedMedia | null)!.contentType;
    if (uploadId === null) {
      await media.put(key, buffer.subarray(0, fill), contentType);
      return { key, contentType, size };
    }
    if (fill > 0) await sendPart(buffer.subarray(0, fill));
    await inFlight;
    await media.completeMultipartUpload(key, uploadId, parts);
    return { key, contentType, size };
  } catch (error) {
    await inFlight.catch(() => undefined);
    if (uploadId !== null) await media.abortMultipartUpload(key, uploadId).catch(() => undefined);
    throw error;
  }
}
