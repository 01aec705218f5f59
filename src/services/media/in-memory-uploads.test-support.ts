import type { UploadSession, UploadSessionPart } from '../../domain/media/entities.ts';
import type { MediaStore, StoredObject, UploadedPart, UploadSessionRepository } from '../../domain/media/ports.ts';
import { PartCutShortError } from '../../domain/media/upload-session.ts';
import { fixedClock, NOW } from '../support/fakes.ts';
import { InMemoryJobLedger, RecordingJobQueue } from '../jobs/in-memory-jobs.test-support.ts';
import type { CompleteUploadDeps } from './complete-upload.ts';

/** The session repository's rules in memory (the D1 one is tested against D1 in tests/api/resumable-uploads.test.ts). */
export class InMemoryUploads implements UploadSessionRepository {
  readonly sessions = new Map<string, UploadSession>();
  readonly stored = new Map<string, UploadSessionPart[]>();

  async create(session: Parameters<UploadSessionRepository['create']>[0]): Promise<UploadSession> {
    const row: UploadSession = {
      ...session,
      status: 'open',
      objectKey: null,
      r2UploadId: null,
      contentType: null,
      storyId: null,
      updatedAt: session.createdAt,
    };
    this.sessions.set(row.id, row);
    return row;
  }
  async findById(id: string) {
    return this.sessions.get(id) ?? null;
  }
  async attachStorage(id: string, storage: { objectKey: string; r2UploadId: string; contentType: string }, now: string) {
    const row = this.sessions.get(id)!;
    if (row.r2UploadId) return row;
    const next = { ...row, ...storage, updatedAt: now };
    this.sessions.set(id, next);
    return next;
  }
  async recordPart(id: string, part: UploadSessionPart) {
    const parts = (this.stored.get(id) ?? []).filter((p) => p.partNumber !== part.partNumber);
    this.stored.set(
      id,
      [...parts, part].sort((a, b) => a.partNumber - b.partNumber),
    );
  }
  async parts(id: string) {
    return this.stored.get(id) ?? [];
  }
  async close(id: string, status: 'completed' | 'aborted', storyId: number | null, now: string) {
    const row = this.sessions.get(id);
    if (!row || row.status !== 'open') return false;
    this.sessions.set(id, { ...row, status, storyId, updatedAt: now });
    return true;
  }
}

async function bytesOf(body: ReadableStream | Uint8Array): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** A media store's multipart uploads in memory: a part of the wrong length fails as R2's fixed-length stream does. */
export class InMemoryMultipartStore implements Pick<
  MediaStore,
  'createMultipartUpload' | 'uploadPart' | 'completeMultipartUpload' | 'abortMultipartUpload' | 'delete'
> {
  readonly uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Uint8Array> }>();
  readonly objects = new Map<string, StoredObject>();
  readonly aborted: string[] = [];
  private next = 1;

  async createMultipartUpload(key: string, contentType: string) {
    const id = `r2-${this.next++}`;
    this.uploads.set(id, { key, contentType, parts: new Map() });
    return id;
  }
  async uploadPart(
    _key: string,
    uploadId: string,
    partNumber: number,
    body: ReadableStream | Uint8Array,
    length?: number,
  ): Promise<UploadedPart> {
    const bytes = await bytesOf(body);
    if (length !== undefined && bytes.length !== length) throw new PartCutShortError();
    this.uploads.get(uploadId)!.parts.set(partNumber, bytes);
    return { partNumber, etag: `etag-${uploadId}-${partNumber}` };
  }
  async completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<StoredObject> {
    const upload = this.uploads.get(uploadId);
    if (!upload) throw new Error('No such multipart upload');
    this.uploads.delete(uploadId);
    const size = parts.reduce((sum, part) => sum + upload.parts.get(part.partNumber)!.length, 0);
    const object = { key, size, contentType: upload.contentType, etag: 'etag', uploaded: NOW };
    this.objects.set(key, object);
    return object;
  }
  async abortMultipartUpload(_key: string, uploadId: string) {
    this.uploads.delete(uploadId);
    this.aborted.push(uploadId);
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
}

/** PNG's and WebM's first bytes: enough for the fake sniffer, as for file-type. */
export const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47];
export const WEBM_HEAD = [0x1a, 0x45, 0xdf, 0xa3];

/** A file of `size` bytes starting with `head`. */
export function fileOf(head: number[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
}

export const streamOf = (bytes: Uint8Array) => new Response(bytes).body!;

/** The upload services' world in memory: sessions, multipart store, a sniffer that knows PNG and WebM, jobs. */
export function uploadWorld() {
  const uploads = new InMemoryUploads();
  const media = new InMemoryMultipartStore();
  const ledger = new InMemoryJobLedger();
  const deps = {
    uploads,
    media: media as unknown as CompleteUploadDeps['media'],
    clock: fixedClock,
    jobs: { ledger, queue: new RecordingJobQueue() },
    sniffer: {
      headBytes: 8,
      sniff: async (head: Uint8Array) => {
        const starts = (sig: number[]) => sig.every((byte, i) => head[i] === byte);
        if (starts(PNG_HEAD)) return { kind: 'image' as const, contentType: 'image/png', extension: 'png' };
        if (starts(WEBM_HEAD)) return { kind: 'video' as const, contentType: 'video/webm', extension: 'webm' };
        return null;
      },
    },
    stories: {} as CompleteUploadDeps['stories'],
    beats: {} as CompleteUploadDeps['beats'],
  } satisfies CompleteUploadDeps;
  return { deps, uploads, media, ledger };
}
