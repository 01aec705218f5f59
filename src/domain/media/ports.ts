import type { UploadSession, UploadSessionPart, UploadSessionStatus } from './entities.ts';
import type { PictureFormat } from './picture.ts';
import type { AcceptedMedia } from './media-types.ts';

/** Where media is stored and resized, and where resumable uploads are tracked. */

export interface UploadSessionRepository {
  create(
    session: Omit<UploadSession, 'status' | 'objectKey' | 'r2UploadId' | 'contentType' | 'storyId' | 'updatedAt'>,
  ): Promise<UploadSession>;
  findById(id: string): Promise<UploadSession | null>;
  /**
   * Records the R2 upload made for part 1, unless another request already did: the session as
   * stored afterwards tells the caller whose R2 upload won.
   */
  attachStorage(id: string, storage: { objectKey: string; r2UploadId: string; contentType: string }, now: string): Promise<UploadSession>;
  /** Stores (or replaces, for a part sent again) a finished part. */
  recordPart(id: string, part: UploadSessionPart, now: string): Promise<void>;
  parts(id: string): Promise<UploadSessionPart[]>;
  /** Moves an open session to completed or aborted; false when it was no longer open. */
  close(id: string, status: Exclude<UploadSessionStatus, 'open'>, storyId: number | null, now: string): Promise<boolean>;
}

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  etag: string;
  uploaded: string;
  /** What the writer noted beside the bytes (`put`'s `notes`), e.g. a resized picture's width. */
  notes?: Record<string, string>;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/** Resizes and re-encodes pictures (docs/product/api-pictures.md, decision 047). */
export interface PictureResizer {
  /** The picture's width and height, or null when these bytes are no picture it reads. */
  dimensions(bytes: Uint8Array): Promise<{ width: number; height: number } | null>;
  /** The picture `width` pixels wide (its height in proportion), encoded as `format`. */
  resize(bytes: Uint8Array, width: number, format: PictureFormat): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }>;
}

export interface MediaStore {
  put(
    key: string,
    body: ReadableStream | ArrayBuffer | Uint8Array,
    contentType: string,
    notes?: Record<string, string>,
  ): Promise<StoredObject>;
  /** Starts a multipart upload; the object appears only on complete. Returns the store's upload id. */
  createMultipartUpload(key: string, contentType: string): Promise<string>;
  /**
   * A stream body must have a known length: `length` (taken at exactly that many bytes; a body that
   * ends short or runs past fails with PartCutShortError, domain/media/upload-session.ts), or a
   * request body with its Content-Length.
   */
  uploadPart(key: string, uploadId: string, partNumber: number, body: ReadableStream | Uint8Array, length?: number): Promise<UploadedPart>;
  completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<StoredObject>;
  /** Discards the parts; an upload that is already gone is not an error. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  head(key: string): Promise<StoredObject | null>;
  get(
    key: string,
    range?: { offset: number; length?: number } | { suffix: number },
  ): Promise<{ object: StoredObject; body: ReadableStream; range?: { offset: number; length: number } } | null>;
  delete(key: string): Promise<void>;
}

/** Decides a file's type from its first bytes (never from its name or the type the client claims). */
export interface MediaSniffer {
  /** How many first bytes `sniff` needs at most. */
  readonly headBytes: number;
  /** The accepted media type of a file from its first bytes, or null when it is not one we take. */
  sniff(head: Uint8Array): Promise<AcceptedMedia | null>;
}
