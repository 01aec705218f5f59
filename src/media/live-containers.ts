import { MediaFormatError, type ContainerKind, type ContainerSnapshot, type LiveContainer } from './live-container.ts';
import { Mp4Live, type Mp4LiveState } from './mp4/mp4-live.ts';
import { WebmLive, type WebmLiveState } from './webm/webm-live.ts';

/** A fresh container of `kind`, for a stream whose first bytes said which (detectContainer). */
export function openContainer(kind: ContainerKind): LiveContainer {
  return kind === 'mp4' ? new Mp4Live() : new WebmLive();
}

/** The container a snapshot was taken of, as it was. */
export function restoreContainer(snapshot: ContainerSnapshot): LiveContainer {
  if (snapshot.kind === 'mp4') return new Mp4Live(snapshot.state as Mp4LiveState);
  if (snapshot.kind === 'webm') return new WebmLive(snapshot.state as WebmLiveState);
  throw new MediaFormatError(`unknown container ${String(snapshot.kind)}`);
}
