import { uploadFile } from './upload-file.ts';
import { mediaKind, type UploadMedia } from './accepted-media.ts';

/**
 * Sends an image or a video to the media routes (docs/api/uploads.md) through uploadFile: one
 * request for a small file, a resumable upload in parts for a large one, retried on a dropped
 * connection. Progress is reported from 0 to 1.
 */
export const uploadStoryMedia: UploadMedia = async (file, { onProgress, signal }) => {
  const kind = mediaKind(file);
  if (!kind) throw new Error('Unsupported file type');
  const { url } = await uploadFile(file, {
    kind,
    signal,
    onProgress: ({ loaded, total }) => onProgress(total > 0 ? Math.min(1, loaded / total) : 0),
  });
  return { url };
};
