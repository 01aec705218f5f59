import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import type { VideoStoryFields } from '../../domain/media/schemas.ts';
import { ConflictError, ValidationError } from '../../domain/errors.ts';
import { assertUploadOpen, uploadCompleted } from '../../domain/media/upload-session.ts';
import { mediaUrl } from '../../media/media-keys.ts';
import { missingParts } from '../../media/part-plan.ts';
import type { StorySaveDeps } from '../story/story-save.ts';
import { startPictureDerivatives } from './resized-pictures.ts';
import { ownUpload, type UploadDeps } from './own-upload.ts';
import { editableStory, storyForVideo } from './video-story.ts';

export type CompleteUploadDeps = UploadDeps & Pick<StorySaveDeps, 'stories' | 'beats'>;

/** The file a completed upload stored, and the story it made or changed (a video's). */
export interface CompletedUpload {
  stored: { key: string; contentType: string; size: number };
  story: Story | null;
}

/**
 * Completes a resumable upload (docs/api/uploads.md) once every part has arrived: the store joins
 * the parts into one object; a video may make a draft story or become a story's video; a picture
 * starts its resized copies. No object without its story: a failed story write takes the file with it.
 */
export async function completeUpload(
  deps: CompleteUploadDeps,
  user: User,
  uploadId: string,
  /** The request's story fields, read once the session is known to be the caller's and open (an unknown upload is 404 whatever was sent). */
  readFields: () => Promise<VideoStoryFields>,
): Promise<CompletedUpload> {
  const session = await ownUpload(deps, user, uploadId);
  assertUploadOpen(session, deps.clock.now());
  const fields = await readFields();
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
    // The store completes an upload once: a second, concurrent complete lands here.
    if ((await deps.uploads.findById(session.id))?.status === 'completed') throw uploadCompleted();
    throw error;
  }
  const stored = { key: session.objectKey, contentType: session.contentType ?? object.contentType, size: object.size };
  try {
    const story = await storyForVideo(deps, user, fields, mediaUrl(stored.key));
    await deps.uploads.close(session.id, 'completed', story?.id ?? null, deps.clock.now());
    if (session.kind === 'image') await startPictureDerivatives(deps.jobs, stored, deps.clock.now());
    return { stored, story };
  } catch (error) {
    await deps.media.delete(stored.key);
    await deps.uploads.close(session.id, 'aborted', null, deps.clock.now());
    throw error;
  }
}
