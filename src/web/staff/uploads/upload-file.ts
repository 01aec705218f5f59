import type { StoredMedia, UploadSessionView } from '../../../domain/media/answers.ts';
import type { VideoCategory } from '../../../domain/media/schemas.ts';
import { getToken } from '../../api/client.ts';

/**
 * Uploads a file the way docs/api/uploads.md describes: one multipart request for a small file,
 * a resumable upload in parts for a large one. Progress is reported as bytes; a part that fails
 * on the network (or with a 5xx, 408 or 429) is sent again after a pause, and an upload broken off
 * altogether (a closed tab) resumes from the parts the server already has when the same file is
 * uploaded again. No React here: the screens call this and render `onProgress`.
 */

export interface UploadFields {
  title?: string;
  description?: string;
  category?: VideoCategory;
  storyId?: number;
}

export interface UploadProgress {
  /** Bytes the server has (or is receiving) so far. */
  loaded: number;
  total: number;
  /** 'uploading' while bytes move; 'finishing' while the server stores the file and writes the story. */
  phase: 'uploading' | 'finishing';
}

export interface UploadOptions {
  kind?: 'image' | 'video';
  /** A title makes a draft story holding the video; a storyId attaches the video to that story. */
  fields?: UploadFields;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Files up to this size go in one request (default 16 MiB). */
  singleRequestMaxBytes?: number;
  /** Parts sent at once (default 3). */
  concurrency?: number;
  /** Tries per request before giving up (default 6). */
  attempts?: number;
}

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

const MiB = 1024 * 1024;
const RESUME_PREFIX = 'newsroom.upload:';

interface Sent {
  status: number;
  body: unknown;
  text: string;
}

/** One request with upload progress (fetch cannot report it); network failures answer status 0. */
function send(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit | null,
  options: { signal?: AbortSignal; onUploadProgress?: (loaded: number) => void; json?: boolean },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.json) xhr.setRequestHeader('Content-Type', 'application/json');
    if (options.onUploadProgress) xhr.upload.onprogress = (event) => options.onUploadProgress!(event.loaded);
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = (status: number) => {
      options.signal?.removeEventListener('abort', abort);
      const text = xhr.responseText ?? '';
      let parsed: unknown = null;
      if (xhr.getResponseHeader('Content-Type')?.includes('application/json') && text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
      }
      resolve({ status, body: parsed, text });
    };
    xhr.onload = () => done(xhr.status);
    xhr.onerror = () => done(0);
    xhr.ontimeout = () => done(0);
    xhr.onabort = () => {
      options.signal?.removeEventListener('abort', abort);
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(body);
  });
}

function retryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function failure(res: Sent): UploadError {
  // docs/product/notices.md: "<status>: <body text>".
  return new UploadError(res.status, `${res.status}: ${res.text || 'Network error'}`, res.body);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Sends a request again on network trouble, waiting 1, 2, 4, ... seconds (at most 30) in between. */
async function withRetries(attempts: number, signal: AbortSignal | undefined, request: () => Promise<Sent>): Promise<Sent> {
  for (let attempt = 1; ; attempt++) {
    const res = await request();
    if (!retryable(res.status) || attempt >= attempts) return res;
    await pause(Math.min(30_000, 1000 * 2 ** (attempt - 1)), signal);
  }
}

function fileName(file: Blob & { name?: string }, kind: 'image' | 'video'): string {
  if (file.name) return file.name;
  const extension = file.type.includes('mp4') ? 'mp4' : kind === 'video' ? 'webm' : 'bin';
  return `${Date.now()}.${extension}`;
}

function resumeKey(file: Blob & { name?: string; lastModified?: number }, kind: string): string {
  return `${RESUME_PREFIX}${kind}:${file.name ?? ''}:${file.size}:${file.lastModified ?? ''}`;
}

function fieldsJson(fields: UploadFields | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(fields ?? {})) if (value !== undefined && value !== '') out[name] = value;
  return out;
}

async function uploadInOneRequest(file: Blob & { name?: string }, kind: 'image' | 'video', options: UploadOptions): Promise<StoredMedia> {
  const form = new FormData();
  // Fields first, so the server checks a storyId before it stores anything.
  for (const [name, value] of Object.entries(fieldsJson(options.fields))) form.append(name, String(value));
  form.append('file', file, fileName(file, kind));
  const total = file.size;
  const res = await withRetries(options.attempts ?? 6, options.signal, () =>
    send('POST', `/api/upload/${kind}`, form, {
      signal: options.signal,
      onUploadProgress: (loaded) =>
        options.onProgress?.({ loaded: Math.min(loaded, total), total, phase: loaded >= total ? 'finishing' : 'uploading' }),
    }),
  );
  if (res.status !== 201) throw failure(res);
  return res.body as StoredMedia;
}

async function openSession(
  file: Blob & { name?: string },
  kind: 'image' | 'video',
  key: string,
  options: UploadOptions,
): Promise<UploadSessionView> {
  const attempts = options.attempts ?? 6;
  const known = localStorage.getItem(key);
  if (known) {
    const res = await withRetries(attempts, options.signal, () => send('GET', `/api/uploads/${known}`, null, { signal: options.signal }));
    const session = res.body as UploadSessionView | null;
    if (res.status === 200 && session?.status === 'open' && Date.parse(session.expiresAt) > Date.now()) return session;
    localStorage.removeItem(key);
  }
  const res = await withRetries(attempts, options.signal, () =>
    send('POST', '/api/uploads', JSON.stringify({ filename: fileName(file, kind), size: file.size, kind }), {
      signal: options.signal,
      json: true,
    }),
  );
  if (res.status !== 201) throw failure(res);
  const session = res.body as UploadSessionView;
  localStorage.setItem(key, session.uploadId);
  return session;
}

async function uploadInParts(file: Blob & { name?: string }, kind: 'image' | 'video', options: UploadOptions): Promise<StoredMedia> {
  const key = resumeKey(file, kind);
  const attempts = options.attempts ?? 6;
  const concurrency = Math.max(1, options.concurrency ?? 3);
  let session = await openSession(file, kind, key, options);
  const total = file.size;
  const partSize = session.partSize;
  const lengthOf = (n: number) => Math.min(partSize, total - (n - 1) * partSize);
  const inFlight = new Map<number, number>();
  let done = session.uploadedParts.reduce((sum, n) => sum + lengthOf(n), 0);
  const report = () =>
    options.onProgress?.({ loaded: done + [...inFlight.values()].reduce((a, b) => a + b, 0), total, phase: 'uploading' });

  const putPart = async (n: number) => {
    const body = file.slice((n - 1) * partSize, (n - 1) * partSize + lengthOf(n));
    inFlight.set(n, 0);
    const res = await withRetries(attempts, options.signal, () => {
      inFlight.set(n, 0);
      return send('PUT', `/api/uploads/${session.uploadId}/parts/${n}`, body, {
        signal: options.signal,
        onUploadProgress: (loaded) => {
          inFlight.set(n, Math.min(loaded, body.size));
          report();
        },
      });
    }).finally(() => inFlight.delete(n));
    if (res.status === 415) localStorage.removeItem(key);
    if (res.status !== 200) throw failure(res);
    done += body.size;
    report();
  };

  try {
    report();
    // A session can need several rounds: a complete that finds a part missing sends it again.
    for (let round = 0; ; round++) {
      const missing = session.missingParts;
      // Part 1 goes first and alone: its bytes decide the type (and refuse a wrong file early).
      if (missing[0] === 1) await putPart(1);
      const rest = missing.filter((n) => n !== 1);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(concurrency, rest.length) }, async () => {
          while (next < rest.length) await putPart(rest[next++]!);
        }),
      );
      options.onProgress?.({ loaded: total, total, phase: 'finishing' });
      const res = await withRetries(attempts, options.signal, () =>
        send('POST', `/api/uploads/${session.uploadId}/complete`, JSON.stringify(fieldsJson(options.fields)), {
          signal: options.signal,
          json: true,
        }),
      );
      if (res.status === 201) {
        localStorage.removeItem(key);
        return res.body as StoredMedia;
      }
      const code = (res.body as { error?: { code?: string } } | null)?.error?.code;
      if (code !== 'missing_parts' || round >= 2) {
        if (res.status < 500) localStorage.removeItem(key);
        throw failure(res);
      }
      const status = await withRetries(attempts, options.signal, () =>
        send('GET', `/api/uploads/${session.uploadId}`, null, { signal: options.signal }),
      );
      if (status.status !== 200) throw failure(status);
      session = status.body as UploadSessionView;
      done = session.uploadedParts.reduce((sum, n) => sum + lengthOf(n), 0);
    }
  } catch (error) {
    // Cancelled on purpose: tell the server to drop the parts rather than keep them for a resume.
    if (error instanceof DOMException && error.name === 'AbortError') {
      localStorage.removeItem(key);
      void send('DELETE', `/api/uploads/${session.uploadId}`, null, {}).catch(() => undefined);
    }
    throw error;
  }
}

/** Uploads a file (an image, or a video with optional story fields) and answers where it is served. */
export function uploadFile(file: Blob & { name?: string; lastModified?: number }, options: UploadOptions = {}): Promise<StoredMedia> {
  const kind = options.kind ?? (file.type.startsWith('image/') ? 'image' : 'video');
  const threshold = options.singleRequestMaxBytes ?? 16 * MiB;
  return file.size <= threshold ? uploadInOneRequest(file, kind, options) : uploadInParts(file, kind, options);
}
