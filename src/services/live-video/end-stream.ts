import type { LiveStream } from '../../domain/live-video/entities.ts';
import type { LiveRoomControl } from '../../domain/live-video/ports.ts';
import type { User } from '../../domain/users/entities.ts';
import { liveStream, managedStream, type StreamOwnerDeps } from './stream-owner.ts';

/**
 * POST /api/streams/{id}/end: its reporter or an admin ends the stream. The room ends it (once:
 * ending an ended stream changes nothing), storing the recording as the story's video and taking
 * the story off air; the answer is the stream as it stands after.
 */
export async function endStream(deps: StreamOwnerDeps & { liveRooms: LiveRoomControl }, user: User, id: number): Promise<LiveStream> {
  await managedStream(deps, user, id, 'Only the stream’s reporter or an admin can end it');
  await deps.liveRooms.end(id, user.id);
  return liveStream(deps, id);
}
