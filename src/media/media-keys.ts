/**
 * Object keys are made by the server, never taken from a client: a folder per kind, the month of
 * the upload, and a random id. A key is written once and never overwritten, so what is served
 * under it never changes (and may be cached for good).
 */
export type MediaFolder = 'images' | 'videos' | 'streams';

const KEY_PATTERN = /^(images|videos|streams)\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

/** `id` is a random UUID chosen by the caller (so this stays pure). */
export function mediaKey(folder: MediaFolder, extension: string, nowIso: string, id: string): string {
  return `${folder}/${nowIso.slice(0, 4)}/${nowIso.slice(5, 7)}/${id}.${extension}`;
}

export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Media is served by the same worker, so stories hold a path on this site. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}
