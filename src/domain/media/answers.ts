import type { Story } from '../story/entities.ts';
import type { UploadSession, UploadSessionStatus } from './entities.ts';

/** What the upload routes answer with (docs/product/api.md#media, docs/api/uploads.md). */

/** The answer to an upload (docs/product/api.md#media): where the file is served, and the story it made or changed. */
export interface StoredMedia {
  url: string;
  key: string;
  contentType: string;
  size: number;
  story?: Story;
}

/** A resumable upload as its owner sees it (docs/api/uploads.md). */
export interface UploadSessionView {
  uploadId: string;
  kind: UploadSession['kind'];
  filename: string | null;
  size: number;
  partSize: number;
  partCount: number;
  status: UploadSessionStatus;
  key: string | null;
  contentType: string | null;
  uploadedParts: number[];
  missingParts: number[];
  expiresAt: string;
}
