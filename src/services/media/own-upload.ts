import type { Clock } from '../../domain/time.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import type { MediaSniffer, MediaStore, UploadSessionRepository } from '../../domain/media/ports.ts';
import type { UploadSession } from '../../domain/media/entities.ts';
import type { UploadSessionView } from '../../domain/media/answers.ts';
import type { User } from '../../domain/users/entities.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { missingParts } from '../../media/part-plan.ts';

/** What the resumable-upload use cases work with (docs/api/uploads.md). */
export interface UploadDeps {
  uploads: UploadSessionRepository;
  media: MediaStore;
  sniffer: MediaSniffer;
  jobs: JobFanOut;
  clock: Clock;
}

/** The caller's own session: anyone else's is "not found", so ids reveal nothing. */
export async function ownUpload(deps: Pick<UploadDeps, 'uploads'>, user: User, uploadId: string): Promise<UploadSession> {
  const session = await deps.uploads.findById(uploadId);
  if (!session || session.ownerId !== user.id) throw new NotFoundError('Upload');
  return session;
}

/** A session as its owner sees it: which parts arrived and which are still missing. */
export async function uploadView(deps: Pick<UploadDeps, 'uploads'>, session: UploadSession): Promise<UploadSessionView> {
  const done = (await deps.uploads.parts(session.id)).map((p) => p.partNumber);
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
