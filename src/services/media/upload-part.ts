import type { UploadSession } from '../../domain/media/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, UnsupportedMediaTypeError, ValidationError } from '../../domain/errors.ts';
import { unsupportedMediaMessage } from '../../domain/media/media-types.ts';
import {
  assertFirstPartArrived,
  assertPartInRange,
  assertPartLength,
  assertUploadOpen,
  PartCutShortError,
} from '../../domain/media/upload-session.ts';
import { mediaKey } from '../../media/media-keys.ts';
import { partLength } from '../../media/part-plan.ts';
import { ownUpload, type UploadDeps } from './own-upload.ts';

export interface PartUpload {
  uploadId: string;
  n: number;
  /** The request's Content-Length (null when it sent none). */
  declaredLength: number | null;
  body: ReadableStream<Uint8Array> | null;
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
  // Not awaited: a tee branch's cancel settles only once the other branch is cancelled too (the
  // streams standard; Node keeps to it), and the other branch is the part itself, still to be sent.
  reader.cancel().catch(() => {});
  return head.subarray(0, fill);
}

/**
 * Part 1 decides the type from its first bytes and opens the store's upload under a key with the
 * right extension; bytes of another kind end the session (415). Two racing part-1 requests each open
 * one; the first recorded wins, the other is aborted.
 */
async function openStorage(deps: UploadDeps, session: UploadSession, head: Uint8Array): Promise<UploadSession> {
  const accepted = await deps.sniffer.sniff(head);
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

/**
 * One part of a resumable upload (docs/api/uploads.md), streamed straight into the store's
 * multipart upload at exactly the length its place in the file gives it; a part sent again
 * replaces the one before. Part 1 first: its bytes decide the type.
 */
export async function uploadPart(
  deps: UploadDeps,
  user: User,
  part: PartUpload,
): Promise<{ uploadId: string; partNumber: number; size: number }> {
  const { n } = part;
  let session = await ownUpload(deps, user, part.uploadId);
  assertUploadOpen(session, deps.clock.now());
  assertPartInRange(session, n);
  const expected = partLength(session, n);
  assertPartLength(n, expected, part.declaredLength);
  const body = part.body;
  if (!body) throw new ValidationError({ body: `Part ${n} must be exactly ${expected} bytes` });

  let upload = body;
  if (n === 1) {
    const [sniffBranch, rest] = body.tee();
    session = await openStorage(deps, session, await readHead(sniffBranch, Math.min(deps.sniffer.headBytes, expected)));
    upload = rest;
  } else if (!session.r2UploadId) {
    await body.cancel();
    assertFirstPartArrived(session);
  }
  let stored;
  try {
    stored = await deps.media.uploadPart(session.objectKey!, session.r2UploadId!, n, upload, expected);
  } catch (error) {
    // The body ended before (or ran past) its Content-Length: a dropped connection. Send the part again.
    if (error instanceof PartCutShortError) throw new ValidationError({ body: `Part ${n} did not arrive whole; send it again` });
    throw error;
  }
  await deps.uploads.recordPart(session.id, { partNumber: n, size: expected, etag: stored.etag }, deps.clock.now());
  return { uploadId: session.id, partNumber: n, size: expected };
}
