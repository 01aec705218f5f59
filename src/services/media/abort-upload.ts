import type { User } from '../../domain/users/entities.ts';
import { uploadCompleted } from '../../domain/media/upload-session.ts';
import { ownUpload, type UploadDeps } from './own-upload.ts';

/**
 * Cancels a resumable upload (docs/api/uploads.md): the parts stored so far are discarded. A
 * completed upload cannot be cancelled (409); one already cancelled or refused stays so.
 */
export async function abortUpload(deps: Pick<UploadDeps, 'uploads' | 'media' | 'clock'>, user: User, uploadId: string): Promise<void> {
  const session = await ownUpload(deps, user, uploadId);
  if (session.status === 'completed') throw uploadCompleted();
  if (session.status === 'open') {
    if (session.objectKey && session.r2UploadId) await deps.media.abortMultipartUpload(session.objectKey, session.r2UploadId);
    await deps.uploads.close(session.id, 'aborted', null, deps.clock.now());
  }
}
