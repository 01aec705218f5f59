import type { LiveStream } from '../../domain/live-video/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, ForbiddenError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import { liveStream, streamAuthor, type StreamOwnerDeps } from './stream-owner.ts';

/**
 * GET /api/streams/{id}/publish: only the stream's own reporter sends its video (not an admin: one
 * camera per stream), and only while it is on air.
 */
export async function streamToPublish(deps: StreamOwnerDeps, user: User, id: number): Promise<LiveStream> {
  const stream = await liveStream(deps, id);
  const author = await streamAuthor(deps, stream);
  if (!policy.isReporter(user) || author.authorId !== user.id) throw new ForbiddenError('Only the stream’s reporter can send its video');
  if (!stream.isActive) throw new ConflictError('stream_ended', 'This stream has ended');
  return stream;
}
