import type { MediaStore, StoredObject, UploadedPart } from '../../domain/media/ports.ts';
import { PartCutShortError } from '../../domain/media/upload-session.ts';

function toStoredObject(object: R2Object): StoredObject {
  return {
    key: object.key,
    size: object.size,
    contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
    etag: object.httpEtag,
    uploaded: object.uploaded.toISOString(),
    ...(object.customMetadata && Object.keys(object.customMetadata).length > 0 ? { notes: object.customMetadata } : {}),
  };
}

/** Media (images, uploads, stream recordings) in one R2 bucket, keyed by the server. */
export class R2MediaStore implements MediaStore {
  constructor(private readonly bucket: R2Bucket) {}

  async put(
    key: string,
    body: ReadableStream | ArrayBuffer | Uint8Array,
    contentType: string,
    notes?: Record<string, string>,
  ): Promise<StoredObject> {
    const object = await this.bucket.put(key, body, { httpMetadata: { contentType }, ...(notes ? { customMetadata: notes } : {}) });
    if (!object) throw new Error(`R2 refused to store ${key}`);
    return toStoredObject(object);
  }

  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    const upload = await this.bucket.createMultipartUpload(key, { httpMetadata: { contentType } });
    return upload.uploadId;
  }

  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: ReadableStream | Uint8Array,
    length?: number,
  ): Promise<UploadedPart> {
    const upload = this.bucket.resumeMultipartUpload(key, uploadId);
    if (length === undefined || !(body instanceof ReadableStream)) {
      const part = await upload.uploadPart(partNumber, body);
      return { partNumber: part.partNumber, etag: part.etag };
    }
    // A fixed length lets R2 take the stream as it comes, and fails the part if the body is short or long.
    try {
      const part = await upload.uploadPart(partNumber, body.pipeThrough(new FixedLengthStream(length)));
      return { partNumber: part.partNumber, etag: part.etag };
    } catch (error) {
      if (error instanceof Error && /FixedLengthStream/.test(error.message)) throw new PartCutShortError();
      throw error;
    }
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<StoredObject> {
    const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    return toStoredObject(await this.bucket.resumeMultipartUpload(key, uploadId).complete(sorted));
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.bucket.resumeMultipartUpload(key, uploadId).abort();
    } catch (error) {
      // Aborting twice, or after R2 expired the upload, leaves nothing to clean up.
      if (!/NoSuchUpload|does not exist|not found/i.test(String(error))) throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const object = await this.bucket.head(key);
    return object ? toStoredObject(object) : null;
  }

  async get(key: string, range?: { offset: number; length?: number } | { suffix: number }) {
    const object = await this.bucket.get(key, range ? { range } : undefined);
    if (!object) return null;
    const served = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
    let resolved: { offset: number; length: number } | undefined;
    if (range && served) {
      if (served.suffix !== undefined) {
        const length = Math.min(served.suffix, object.size);
        resolved = { offset: object.size - length, length };
      } else {
        const offset = served.offset ?? 0;
        resolved = { offset, length: served.length ?? object.size - offset };
      }
    }
    return { object: toStoredObject(object), body: object.body, range: resolved };
  }

  async delete(key: string): Promise<void> {
    await this.bucket.delete(key);
  }
}
