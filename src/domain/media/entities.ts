/** Resumable uploads (docs/api/uploads.md). */

export type UploadSessionStatus = 'open' | 'completed' | 'aborted';

/** A resumable upload (docs/api/uploads.md). */
export interface UploadSession {
  id: string;
  ownerId: number;
  kind: 'image' | 'video';
  filename: string | null;
  size: number;
  partSize: number;
  partCount: number;
  status: UploadSessionStatus;
  /** Known once part 1 has arrived and decided the type. */
  objectKey: string | null;
  r2UploadId: string | null;
  contentType: string | null;
  storyId: number | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

export interface UploadSessionPart {
  partNumber: number;
  size: number;
  etag: string;
}
