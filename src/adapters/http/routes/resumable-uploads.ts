import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { UploadSession } from '../../../domain/media/entities.ts';
import type { UploadSessionView } from '../../../domain/media/answers.ts';
import type { User } from '../../../domain/users/entities.ts';
import { ConflictError, NotFoundError, UnsupportedMediaTypeError, ValidationError } from '../../../domain/errors.ts';
import { mediaKey, mediaUrl } from '../../../media/media-keys.ts';
import { createUploadSchema, videoStoryFieldsSchema } from '../../../domain/media/schemas.ts';
import { unsupportedMediaMessage } from '../../../domain/media/media-types.ts';
import { missingParts, partLength, planParts } from '../../../media/part-plan.ts';
import { addSeconds } from '../../../domain/time.ts';
import type { AppDeps } from '../../app-deps.ts';
import { maxBytesFor } from '../../media/media-limits.ts';
import { SNIFF_BYTES, sniffMedia } from '../../media/sniff-media.ts';
import { tooLarge } from '../../media/streamed-upload.ts';
import { startPictureDerivatives } from '../../../services/media/resized-pictures.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter } from '../middleware/authenticate.ts';
import { parseWith, validate } from '../validate.ts';
import { uploadAnswer } from './upload.ts';
import { editableStory, storyForVideo } from '../../../services/media/video-story.ts';

/**
 * Resumable uploads for large files (docs/api/uploads.md): create a session, PUT its parts (part 1
 * first: its bytes decide the type), ask which parts are done after a dropped connection, then
 * complete or abort. Each part streams straight into R2's multipart upload.
 */

const uploadParams = z.object({ uploadId: z.uuid({ error: 'Unknown upload' }) });
const partParams = uploadParams.extend({ n: z.coerce.number().int().min(1).max(10_000) });

/** The caller's own session: anyone else's is "not found", so ids reveal nothing. */
async function ownSession(deps: AppDeps, user: User, uploadId: string): Promise<UploadSession> {
  const session = await deps.uploads.findById(uploadId);
  if (!session || session.ownerId !== user.id) throw new NotFoundError('Upload');
  return session;
}

function assertOpen(deps: AppDeps, session: UploadSession): void {
  if (session.status === 'completed') throw new ConflictError('upload_completed', 'This upload is already complete');
  if (session.status === 'aborted') throw new ConflictError('upload_aborted', 'This upload was cancelled or refused; start a new one');
  if (session.expiresAt <= deps.clock.now()) throw new ConflictError('upload_expired', 'This upload has expired; start a new one');
}

async function describe(deps: AppDeps, session: UploadSession): Promise<UploadSessionView> {
  const parts = await deps.uploads.parts(session.id);
  const done = parts.map((p) => p.partNumber);
  return {
    uploadId: session.id,
    kind: session.kind,
    filename: session.filename,
    size: session.size,
    partSize: session.partSize,
    partCount: session.partCount,
    status: session.status,
    key: session.objectKey,
    contentType: session.contentType,
    uploadedParts: done,
    missingParts: missingParts(session, done),
    expiresAt: session.expiresAt,
  };
}

/** Reads the first `count` bytes of a tee'd branch, then lets the branch go. */
async function readHead(stream: ReadableStream<Uint8Array>, count: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const head = new Uint8Array(count);
  let fill = 0;
  while (fill < count) {
    const { value, done } = await reader.read();
    if (done) break;
    const n = Math.min(value.length, count - fill);
    head.set(value.subarray(0, n), fill);
    fill += n;
  }
  await reader.cancel();
  return head.subarray(0, fill);
}

/**
 * Part 1 decides the type from its first bytes and opens the R2 upload under a key with the right
 * extension. Two racing part-1 requests each open one; the first recorded wins, the other is aborted.
 */
async function openStorage(deps: AppDeps, session: UploadSession, head: Uint8Array): Promise<UploadSession> {
  const accepted = await sniffMedia(head);
  if (!accepted || accepted.kind !== session.kind) {
    if (session.r2UploadId && session.objectKey) await deps.media.abortMultipartUpload(session.objectKey, session.r2UploadId);
    await deps.uploads.close(session.id, 'aborted', null, deps.clock.now());
    throw new UnsupportedMediaTypeError(unsupportedMediaMessage[session.kind]);
  }
  if (session.r2UploadId) {
    if (session.contentType !== accepted.contentType)
      throw new ConflictError('part_mismatch', 'Part 1 is not the file this upload started with');
    return session;
  }
  const key = mediaKey(session.kind === 'image' ? 'images' : 'videos', accepted.extension, deps.clock.now(), crypto.randomUUID());
  const r2UploadId = await deps.media.createMultipartUpload(key, accepted.contentType);
  const stored = await deps.uploads.attachStorage(
    session.id,
    { objectKey: key, r2UploadId, contentType: accepted.contentType },
    deps.clock.now(),
  );
  if (stored.r2UploadId !== r2UploadId) await deps.media.abortMultipartUpload(key, r2UploadId);
  return stored;
}

async function putPart(c: Context<AppEnv>, uploadId: string, n: number) {
  const { deps } = c.var;
  let session = await ownSession(deps, c.var.user!, uploadId);
  assertOpen(deps, session);
  if (n > session.partCount) throw new ValidationError({ n: `This upload has ${session.partCount} parts` });
  const expected = partLength(session, n);
  const lengthHeader = c.req.header('Content-Length');
  if (lengthHeader === undefined) throw new ValidationError({ body: `Send Content-Length: ${expected}` });
  if (Number(lengthHeader) !== expected) throw new ValidationError({ body: `Part ${n} must be exactly ${expected} bytes` });
  const body = c.req.raw.body;
  if (!body) throw new ValidationError({ body: `Part ${n} must be exactly ${expected} bytes` });

  let upload: ReadableStream<Uint8Array> = body;
  if (n === 1) {
    const [sniffBranch, rest] = body.tee();
    session = await openStorage(deps, session, await readHead(sniffBranch, Math.min(SNIFF_BYTES, expected)));
    upload = rest;
  } else if (!session.r2UploadId) {
    await body.cancel();
    throw new ConflictError('first_part_required', 'Send part 1 first: its bytes decide the file type');
  }
  // A fixed length lets R2 take the stream as it comes, and fails the part if the body is short or long.
  let part;
  try {
    part = await deps.media.uploadPart(session.objectKey!, session.r2UploadId!, n, upload.pipeThrough(new FixedLengthStream(expected)));
  } catch (error) {
    // The body ended before (or ran past) its Content-Length: a dropped connection. Send the part again.
    if (error instanceof Error && /FixedLengthStream/.test(error.message))
      throw new ValidationError({ body: `Part ${n} did not arrive whole; send it again` });
    throw error;
  }
  await deps.uploads.recordPart(session.id, { partNumber: n, size: expected, etag: part.etag }, deps.clock.now());
  return c.json({ uploadId: session.id, partNumber: n, size: expected });
}

async function complete(c: Context<AppEnv>, uploadId: string) {
  const { deps } = c.var;
  const user = c.var.user!;
  const session = await ownSession(deps, user, uploadId);
  assertOpen(deps, session);
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ValidationError({ body: 'The body must be JSON' });
  }
  const fields = parseWith(videoStoryFieldsSchema, body);
  if (session.kind === 'image' && (fields.title !== null || fields.storyId !== null)) {
    throw new ValidationError({ title: 'Only a video upload can make or change a story' });
  }
  if (fields.storyId !== null) await editableStory(deps, user, fields.storyId);

  const parts = await deps.uploads.parts(session.id);
  const missing = missingParts(
    session,
    parts.map((p) => p.partNumber),
  );
  if (missing.length > 0 || !session.objectKey || !session.r2UploadId) {
    throw new ConflictError('missing_parts', `Parts still missing: ${missing.join(', ')}`, undefined, { missingParts: missing });
  }
  let object;
  try {
    object = await deps.media.completeMultipartUpload(session.objectKey, session.r2UploadId, parts);
  } catch (error) {
    // R2 completes an upload once: a second, concurrent complete lands here.
    if ((await deps.uploads.findById(session.id))?.status === 'completed')
      throw new ConflictError('upload_completed', 'This upload is already complete');
    throw error;
  }
  const stored = { key: session.objectKey, contentType: session.contentType ?? object.contentType, size: object.size };
  try {
    const story = await storyForVideo(deps, user, fields, mediaUrl(stored.key));
    await deps.uploads.close(session.id, 'completed', story?.id ?? null, deps.clock.now());
    if (session.kind === 'image') await startPictureDerivatives(deps.jobs, stored, deps.clock.now());
    return c.json(uploadAnswer(stored, story), 201);
  } catch (error) {
    // No object without its story: a failed story write takes the file with it.
    await deps.media.delete(stored.key);
    await deps.uploads.close(session.id, 'aborted', null, deps.clock.now());
    throw error;
  }
}

export const resumableUploadRoutes = new Hono<AppEnv>()
  .use(requireReporter)
  .post('/', validate('json', createUploadSchema), async (c) => {
    const { deps } = c.var;
    const input = c.req.valid('json');
    const maxBytes = maxBytesFor(deps.mediaLimits, input.kind);
    if (input.size > maxBytes) throw tooLarge(input.kind, maxBytes);
    const plan = planParts(input.size, deps.mediaLimits.uploadPartBytes);
    const now = deps.clock.now();
    const session = await deps.uploads.create({
      id: crypto.randomUUID(),
      ownerId: c.var.user!.id,
      kind: input.kind,
      filename: input.filename ?? null,
      ...plan,
      createdAt: now,
      expiresAt: addSeconds(now, deps.mediaLimits.uploadSessionHours * 3600),
    });
    return c.json(await describe(deps, session), 201);
  })
  .get('/:uploadId', validate('param', uploadParams), async (c) => {
    const { deps } = c.var;
    return c.json(await describe(deps, await ownSession(deps, c.var.user!, c.req.valid('param').uploadId)));
  })
  .put('/:uploadId/parts/:n', validate('param', partParams), (c) => putPart(c, c.req.valid('param').uploadId, c.req.valid('param').n))
  .post('/:uploadId/complete', validate('param', uploadParams), (c) => complete(c, c.req.valid('param').uploadId))
  .delete('/:uploadId', validate('param', uploadParams), async (c) => {
    const { deps } = c.var;
    const session = await ownSession(deps, c.var.user!, c.req.valid('param').uploadId);
    if (session.status === 'completed') throw new ConflictError('upload_completed', 'This upload is already complete');
    if (session.status === 'open') {
      if (session.objectKey && session.r2UploadId) await deps.media.abortMultipartUpload(session.objectKey, session.r2UploadId);
      await deps.uploads.close(session.id, 'aborted', null, deps.clock.now());
    }
    return c.body(null, 204);
  });
