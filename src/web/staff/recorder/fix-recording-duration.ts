import { EbmlError } from '../../../media/webm/ebml.ts';
import { makeRecordingSeekable } from '../../../media/webm/webm-recording.ts';

/**
 * MediaRecorder's WebM has no Duration and no Cues, so a player shows no length and seeks badly.
 * This rewrites the header of a recorded clip (Duration, a SeekHead, the Segment's real size) and
 * appends Cues, exactly as the server does for live recordings; the media bytes are not touched.
 * Anything else (Safari's MP4, which has its length already, or a file that is not a WebM
 * recording) comes back unchanged.
 */
export async function fixRecordingDuration(blob: Blob): Promise<Blob> {
  const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  const isEbml = head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
  if (!isEbml) return blob;
  try {
    const pieces = makeRecordingSeekable(new Uint8Array(await blob.arrayBuffer()));
    return pieces ? new Blob(pieces as BlobPart[], { type: blob.type || 'video/webm' }) : blob;
  } catch (error) {
    if (error instanceof EbmlError) return blob;
    throw error;
  }
}
