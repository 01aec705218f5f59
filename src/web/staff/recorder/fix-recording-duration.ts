import { detectContainer } from '../../../media/live-container.ts';
import { makeMp4Seekable } from '../../../media/mp4/mp4-recording.ts';
import { Mp4Error } from '../../../media/mp4/boxes.ts';
import { EbmlError } from '../../../media/webm/ebml.ts';
import { makeRecordingSeekable } from '../../../media/webm/webm-recording.ts';

/**
 * MediaRecorder's files have no duration and no seek index (WebM: no Duration, no Cues; fragmented
 * MP4: a zero duration, no sidx), so a player shows no length and seeks badly. This gives a
 * recorded clip both, exactly as the server does for live recordings, without moving media bytes
 * (MP4: the recorder's short audio samples corrected, src/media/mp4/recorder-quirks.ts). Anything
 * else (a file that is not such a recording) comes back unchanged.
 */
export async function fixRecordingDuration(blob: Blob): Promise<Blob> {
  const kind = detectContainer(new Uint8Array(await blob.slice(0, 8).arrayBuffer()));
  if (kind !== 'webm' && kind !== 'mp4') return blob;
  try {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const pieces = kind === 'mp4' ? makeMp4Seekable(bytes) : makeRecordingSeekable(bytes);
    return pieces ? new Blob(pieces as BlobPart[], { type: blob.type || `video/${kind}` }) : blob;
  } catch (error) {
    if (error instanceof EbmlError || error instanceof Mp4Error) return blob;
    throw error;
  }
}
