import { ConflictError, ValidationError } from '../errors.ts';
import type { UploadSession } from './entities.ts';

/**
 * The rules of a resumable upload (docs/api/uploads.md): which sessions still take parts, which
 * parts may come, and in which order. Part 1 comes first because its bytes decide the file's type.
 */

/** A session that may still take a part or be completed: 409 when completed, cancelled or expired. */
export function assertUploadOpen(session: UploadSession, now: string): void {
  if (session.status === 'completed') throw uploadCompleted();
  if (session.status === 'aborted') throw new ConflictError('upload_aborted', 'This upload was cancelled or refused; start a new one');
  if (session.expiresAt <= now) throw new ConflictError('upload_expired', 'This upload has expired; start a new one');
}

export const uploadCompleted = () => new ConflictError('upload_completed', 'This upload is already complete');

/** Part `n` must be one of the session's parts (400). */
export function assertPartInRange(session: UploadSession, n: number): void {
  if (n > session.partCount) throw new ValidationError({ n: `This upload has ${session.partCount} parts` });
}

/** A part after the first needs the storage part 1 opened (409). */
export function assertFirstPartArrived(session: UploadSession): void {
  if (!session.r2UploadId) throw new ConflictError('first_part_required', 'Send part 1 first: its bytes decide the file type');
}

/** The part's declared length must be the one its place in the file gives it. */
export function assertPartLength(n: number, expected: number, declared: number | null): void {
  if (declared === null) throw new ValidationError({ body: `Send Content-Length: ${expected}` });
  if (declared !== expected) throw new ValidationError({ body: `Part ${n} must be exactly ${expected} bytes` });
}

/**
 * Thrown by the media store when a part's body ended before, or ran past, its declared length:
 * a dropped connection (MediaStore.uploadPart with a length).
 */
export class PartCutShortError extends Error {
  constructor() {
    super('The part did not arrive whole');
    this.name = 'PartCutShortError';
  }
}
