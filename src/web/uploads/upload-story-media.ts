import { uploadFile } from '../media/upload-file.ts';
import { mediaKind, type UploadMedia } from './accepted-media.ts';

/** The editor's and the Upload tab's uploads: the media module's uploader, progress as a fraction. */
export const uploadStoryMedia: UploadMedia = async (file, { onProgress, signal }) => {
  const stored = await uploadFile(file, {
    kind: mediaKind(file) ?? undefined,
    signal,
    onProgress: ({ loaded, total }) => onProgress(total > 0 ? Math.min(1, loaded / total) : 0),
  });
  return { url: stored.url };
};
