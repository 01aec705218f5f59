import type { MediaStore } from '../../domain/media/ports.ts';
import type { ExpiredRows, PrunedTable } from '../../domain/security/ports.ts';
import { addSeconds } from '../../domain/time.ts';
import { LOCKOUT_WINDOW_SECONDS } from '../security/lockout.ts';

/** An upload session is kept this long past its expiry, so a client that comes back late hears "expired", not "not found". */
export const EXPIRED_UPLOAD_KEPT_SECONDS = 24 * 3600;

/**
 * The minute job's pruning (decision 050): every table that grows with failures or expiries loses
 * the rows that can no longer be used, so nothing grows without bound however many failures
 * anonymous callers cause. Abandoned uploads' parts in storage are aborted first (best effort:
 * storage also ends incomplete uploads by itself after a week).
 */
export async function pruneExpiredRows(
  deps: { expiredRows: ExpiredRows; media: Pick<MediaStore, 'abortMultipartUpload'> },
  now: string,
): Promise<Record<PrunedTable, number>> {
  const uploadsBefore = addSeconds(now, -EXPIRED_UPLOAD_KEPT_SECONDS);
  for (const upload of await deps.expiredRows.abandonedUploads(uploadsBefore)) {
    await deps.media.abortMultipartUpload(upload.objectKey, upload.r2UploadId).catch((error: unknown) => {
      console.error('could not abort an abandoned upload; storage ends it within a week', upload.objectKey, error);
    });
  }
  return deps.expiredRows.prune({ now, attemptsBefore: addSeconds(now, -LOCKOUT_WINDOW_SECONDS), uploadsBefore });
}
