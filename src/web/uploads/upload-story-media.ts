import { getToken } from '../api/client.ts';
import { mediaKind, type UploadMedia } from './accepted-media.ts';

/** Sends an image or a video to the media routes (API.md), reporting upload progress. */
export const uploadStoryMedia: UploadMedia = (file, { onProgress, signal }) =>
  new Promise((resolve, reject) => {
    const kind = mediaKind(file);
    if (!kind) return reject(new Error('Unsupported file type'));
    const request = new XMLHttpRequest();
    request.open('POST', `/api/upload/${kind}`);
    request.withCredentials = true;
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          const body = JSON.parse(request.responseText) as { url?: unknown };
          if (typeof body.url === 'string') return resolve({ url: body.url });
        } catch {
          // Falls through to the error below.
        }
      }
      reject(new Error(`${request.status}: ${request.responseText || request.statusText}`));
    };
    request.onerror = () => reject(new Error('Network error'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
