import { describe, expect, it, vi } from 'vitest';
import { ConflictError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../domain/errors.ts';
import { R2_MIN_PART_BYTES } from '../../media/part-plan.ts';
import { aUser, NOW } from '../support/fakes.ts';
import { abortUpload } from './abort-upload.ts';
import { completeUpload } from './complete-upload.ts';
import { fileOf, PNG_HEAD, streamOf, uploadWorld, WEBM_HEAD } from './in-memory-uploads.test-support.ts';
import { openUpload } from './open-upload.ts';
import { uploadPart } from './upload-part.ts';

const reporter = aUser({ id: 2, username: 'maya' });
const other = aUser({ id: 3, username: 'sam' });
const limits = { maxBytes: 50 * 1024 * 1024, partBytes: R2_MIN_PART_BYTES, sessionHours: 24 };
/** Two parts: a whole one and 10 bytes. */
const SIZE = R2_MIN_PART_BYTES + 10;
const noFields = async () => ({ title: null, description: null, category: null, storyId: null });

async function opened(kind: 'image' | 'video' = 'image', size = SIZE) {
  const world = uploadWorld();
  const view = await openUpload(world.deps, reporter, { kind, size }, limits);
  const file = fileOf(kind === 'image' ? PNG_HEAD : WEBM_HEAD, size);
  const part = (n: number, bytes = n === 1 ? file.subarray(0, R2_MIN_PART_BYTES) : file.subarray(R2_MIN_PART_BYTES)) =>
    uploadPart(world.deps, reporter, { uploadId: view.uploadId, n, declaredLength: bytes.length, body: streamOf(bytes) });
  return { ...world, view, part };
}

describe('openUpload', () => {
  it('plans the parts and says when the session expires', async () => {
    const { view } = await opened();
    expect(view).toMatchObject({
      kind: 'image',
      size: SIZE,
      partSize: R2_MIN_PART_BYTES,
      partCount: 2,
      status: 'open',
      missingParts: [1, 2],
    });
    expect(view.expiresAt).toBe('2026-05-02T12:00:00.000Z');
  });

  it('refuses a file over its kind’s limit before any byte is sent (413)', async () => {
    const { deps, uploads } = uploadWorld();
    await expect(openUpload(deps, reporter, { kind: 'image', size: limits.maxBytes + 1 }, limits)).rejects.toThrow(PayloadTooLargeError);
    expect(uploads.sessions.size).toBe(0);
  });
});

describe('uploadPart', () => {
  it('takes part 1 first: its bytes decide the type and open the storage under a key of that type', async () => {
    const { part, uploads, view } = await opened();
    await expect(part(2)).rejects.toMatchObject({ code: 'first_part_required' });
    expect(await part(1)).toEqual({ uploadId: view.uploadId, partNumber: 1, size: R2_MIN_PART_BYTES });
    const session = uploads.sessions.get(view.uploadId)!;
    expect(session.contentType).toBe('image/png');
    expect(session.objectKey).toMatch(/^images\/.+\.png$/);
    expect(await part(2)).toMatchObject({ partNumber: 2, size: 10 });
    expect(await uploads.parts(view.uploadId)).toHaveLength(2);
  });

  it('ends the session when part 1 is not the kind it was opened for (415)', async () => {
    const { deps, view, uploads } = await opened('image');
    const video = fileOf(WEBM_HEAD, R2_MIN_PART_BYTES);
    await expect(
      uploadPart(deps, reporter, { uploadId: view.uploadId, n: 1, declaredLength: video.length, body: streamOf(video) }),
    ).rejects.toThrow(UnsupportedMediaTypeError);
    expect(uploads.sessions.get(view.uploadId)!.status).toBe('aborted');
  });

  it('wants each part at exactly its length, and one that arrives cut short sent again', async () => {
    const { deps, view, part } = await opened();
    const send = (declaredLength: number | null, bytes: Uint8Array) =>
      uploadPart(deps, reporter, { uploadId: view.uploadId, n: 1, declaredLength, body: streamOf(bytes) });
    const short = fileOf(PNG_HEAD, 100);
    await expect(send(null, short)).rejects.toMatchObject({ fields: { body: `Send Content-Length: ${R2_MIN_PART_BYTES}` } });
    await expect(send(100, short)).rejects.toMatchObject({ fields: { body: `Part 1 must be exactly ${R2_MIN_PART_BYTES} bytes` } });
    await expect(send(R2_MIN_PART_BYTES, short)).rejects.toMatchObject({ fields: { body: 'Part 1 did not arrive whole; send it again' } });
    await expect(part(3)).rejects.toMatchObject({ fields: { n: 'This upload has 2 parts' } });
  });

  it('answers "not found" for someone else’s session, and 409 once it is closed or expired', async () => {
    const { deps, view, uploads } = await opened();
    const body = streamOf(new Uint8Array(1));
    await expect(uploadPart(deps, other, { uploadId: view.uploadId, n: 1, declaredLength: 1, body })).rejects.toThrow(NotFoundError);
    uploads.sessions.set(view.uploadId, { ...uploads.sessions.get(view.uploadId)!, expiresAt: NOW });
    await expect(uploadPart(deps, reporter, { uploadId: view.uploadId, n: 1, declaredLength: 1, body })).rejects.toMatchObject({
      code: 'upload_expired',
    });
  });
});

describe('completeUpload', () => {
  it('names the parts still missing (409), then joins them into one file and starts a picture’s resized copies', async () => {
    const { deps, view, part, uploads, media, ledger } = await opened();
    await part(1);
    await expect(completeUpload(deps, reporter, view.uploadId, noFields)).rejects.toMatchObject({
      code: 'missing_parts',
      details: { missingParts: [2] },
    });
    await part(2);
    const { stored, story } = await completeUpload(deps, reporter, view.uploadId, noFields);
    expect(story).toBeNull();
    expect(stored).toMatchObject({ contentType: 'image/png', size: SIZE });
    expect(media.objects.has(stored.key)).toBe(true);
    expect(uploads.sessions.get(view.uploadId)!.status).toBe('completed');
    expect([...ledger.rows.values()]).toMatchObject([{ kind: 'picture.derivatives', ref: stored.key }]);
    await expect(completeUpload(deps, reporter, view.uploadId, noFields)).rejects.toMatchObject({ code: 'upload_completed' });
  });

  it('lets only a video make or change a story', async () => {
    const { deps, view, part } = await opened();
    await part(1);
    await part(2);
    await expect(
      completeUpload(deps, reporter, view.uploadId, async () => ({ ...(await noFields()), title: 'A picture' })),
    ).rejects.toThrow(ValidationError);
  });

  it('reads the request’s fields only for the caller’s own open session', async () => {
    const { deps, view } = await opened();
    const readFields = vi.fn(noFields);
    await expect(completeUpload(deps, other, view.uploadId, readFields)).rejects.toThrow(NotFoundError);
    expect(readFields).not.toHaveBeenCalled();
  });
});

describe('abortUpload', () => {
  it('discards the stored parts and closes the session; a completed one stays (409)', async () => {
    const { deps, view, part, uploads, media } = await opened();
    await part(1);
    const r2UploadId = uploads.sessions.get(view.uploadId)!.r2UploadId!;
    await abortUpload(deps, reporter, view.uploadId);
    expect(media.aborted).toEqual([r2UploadId]);
    expect(uploads.sessions.get(view.uploadId)!.status).toBe('aborted');
    await abortUpload(deps, reporter, view.uploadId);

    const done = await opened('video', 10);
    await done.part(1, fileOf(WEBM_HEAD, 10));
    await completeUpload(done.deps, reporter, done.view.uploadId, noFields);
    await expect(abortUpload(done.deps, reporter, done.view.uploadId)).rejects.toThrow(ConflictError);
  });
});
