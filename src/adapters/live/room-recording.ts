import type { MediaStore, UploadedPart } from '../../domain/media/ports.ts';
import { applyPatches, concatBytes } from '../../media/bytes.ts';
import type { LiveContainer } from '../../media/live-container.ts';
import { mediaUrl } from '../../media/media-keys.ts';
import type { RecordedFragment } from '../../media/mp4/mp4-recording.ts';
import { recordingPartOf, recordingPartRange, splitByPart, type RecordingLayout } from '../../media/recording-parts.ts';
import type { RoomStorage, SegmentRow } from './room-storage.ts';

/**
 * A live stream's recording (docs/decisions/010, 042): every byte is stored in the room's SQLite
 * as it arrives, and goes to one R2 multipart upload in equal parts as soon as a part is full and
 * settled (no more patches can touch it); at the end the container writes the header and tail
 * around the media, which never moves, and part 1 (the header plus the first bytes) goes last.
 * After the end, a segment's bytes are read back from the stored file.
 */

/** What the room keeps about its recording in its progress (persisted with it). */
export interface RecordingProgress {
  uploadId: string | null;
  /** Parts 2..n already in R2. */
  parts: UploadedPart[];
  /** The stored file, once the stream has ended: where its media bytes are. */
  stored?: StoredRecording | null;
}

export interface StoredRecording {
  key: string;
  /** The recorded stream's byte k (k >= the init section's length) is the file's byte k + growth. */
  growth: number;
  /** Recorded bytes before this offset are in the file. */
  mediaEnd: number;
  size: number;
}

/** The recording's key for the container it turned out to be (the stream was created before the first byte said which). */
export function recordingKeyFor(plannedKey: string, extension: string): string {
  return plannedKey.replace(/\.[a-z0-9]+$/, `.${extension}`);
}

export class RoomRecording {
  private uploads: Promise<void> = Promise.resolve();
  private readonly queued = new Set<number>();

  constructor(
    private readonly store: RoomStorage,
    private readonly media: MediaStore,
    private readonly partSize: number,
    /** The recording's key as planned when the stream was created. */
    private readonly plannedKey: string,
    private readonly progress: () => RecordingProgress,
    private readonly save: () => void,
  ) {}

  layout(container: LiveContainer | null): RecordingLayout | null {
    const shape = container?.recording();
    return shape ? { partSize: this.partSize, growth: shape.growth } : null;
  }

  /** Stores a chunk's bytes by part. Before the header is complete every byte is in part 1 (it is far smaller than a part). */
  keep(layout: RecordingLayout | null, start: number, bytes: Uint8Array): void {
    if (layout) for (const run of splitByPart(layout, start, bytes)) this.store.appendBytes(run.part, run.bytes);
    else this.store.appendBytes(1, bytes);
  }

  /** Queues the upload of every full part 2.. whose bytes are all settled. */
  uploadSettled(container: LiveContainer, received: number): void {
    const layout = this.layout(container);
    if (!layout) return;
    const last = recordingPartOf(layout, Math.min(received, container.settledUpTo));
    // Parts still stored: a part leaves storage once R2 has it.
    for (const part of this.store.storedParts()) {
      if (part < 2 || part >= last || this.queued.has(part)) continue;
      this.queued.add(part);
      this.uploads = this.uploads
        .then(() => this.uploadStoredPart(container, part))
        // The bytes stay stored; ending the stream uploads whatever is left.
        .catch((error) => console.error(`uploading recording part ${part} failed`, error))
        .finally(() => this.queued.delete(part));
    }
  }

  private key(container: LiveContainer): string {
    return recordingKeyFor(this.plannedKey, container.recording()?.extension ?? 'webm');
  }

  private async ensureUpload(container: LiveContainer): Promise<string> {
    const progress = this.progress();
    progress.uploadId ??= await this.media.createMultipartUpload(this.key(container), container.recording()!.contentType);
    this.save();
    return progress.uploadId;
  }

  /** Stored bytes of `part` with the patches that fall in it. */
  private patchedPart(layout: RecordingLayout, part: number): Uint8Array {
    const range = recordingPartRange(layout, part);
    return applyPatches(this.store.partBytes(part), range.start, this.store.patchesIn(range.start, range.end));
  }

  /** A full part (2 or later), as recorded and patched, into R2; its stored bytes are dropped once R2 has it. */
  private async uploadStoredPart(container: LiveContainer, part: number): Promise<void> {
    const layout = this.layout(container)!;
    const bytes = this.patchedPart(layout, part);
    if (bytes.length === 0) return;
    if (bytes.length !== this.partSize) throw new Error(`recording part ${part} has ${bytes.length} bytes, not ${this.partSize}`);
    const uploadId = await this.ensureUpload(container);
    const uploaded = await this.media.uploadPart(this.key(container), uploadId, part, bytes);
    const progress = this.progress();
    progress.parts = [...progress.parts.filter((p) => p.partNumber !== part), uploaded];
    this.save();
    this.store.deletePart(part);
  }

  /**
   * Writes the finished file: part 1 is the rewritten header plus the first recorded bytes (exactly
   * one part long), parts 2.. are already in R2 or still stored, and the last part(s) are the rest
   * plus the tail (WebM's Cues). A recording that fits in part 1 is a single put. Null when the
   * stream brought no media to keep.
   */
  async finish(container: LiveContainer | null, received: number): Promise<StoredRecording | null> {
    await this.uploads;
    const progress = this.progress();
    const init = container?.init;
    const layout = this.layout(container);
    if (!container || !init || !layout || !container.hasMedia) {
      if (progress.uploadId) await this.media.abortMultipartUpload(container ? this.key(container) : this.plannedKey, progress.uploadId);
      return null;
    }
    const key = this.key(container);
    const contentType = container.recording()!.contentType;
    const tailPart = recordingPartOf(layout, received);
    for (const part of this.store.storedParts()) if (part >= 2 && part < tailPart) await this.uploadStoredPart(container, part);
    // What a dropped connection cut off mid-frame is left out (only from the part still being filled).
    const tailStart = recordingPartRange(layout, tailPart).start;
    const end = Math.max(tailStart, Math.min(received, container.completeUpTo));
    const fragments: RecordedFragment[] = this.store
      .segmentsAll()
      .filter((row) => row.offset + row.length <= end && row.time !== null && row.duration !== null)
      .map((row) => ({ offset: row.offset, length: row.length, key: row.key, time: row.time!, duration: row.duration! }));
    const { header, tail } = container.finishRecording({ cues: this.store.cues(), fragments, mediaLength: end - init.bytes.length });
    const stored = (size: number): StoredRecording => ({ key, growth: header.length - init.bytes.length, mediaEnd: end, size });

    const firstPart = this.patchedPart(layout, 1);
    if (tailPart === 1) {
      const file = concatBytes([header, firstPart.subarray(init.bytes.length, end), tail]);
      return stored((await this.media.put(key, file, contentType)).size);
    }
    const first = concatBytes([header, firstPart.subarray(init.bytes.length)]);
    const middle = progress.parts.filter((p) => p.partNumber >= 2 && p.partNumber < tailPart);
    if (first.length !== this.partSize || middle.length !== tailPart - 2) {
      throw new Error(
        `recording parts do not add up: first ${first.length} of ${this.partSize}, ${middle.length} of ${tailPart - 2} middle parts`,
      );
    }
    const uploadId = await this.ensureUpload(container);
    const parts = [...middle, await this.media.uploadPart(key, uploadId, 1, first)];
    const rest = concatBytes([this.patchedPart(layout, tailPart).subarray(0, end - tailStart), tail]);
    for (let at = 0, part = tailPart; at < rest.length; at += this.partSize, part++) {
      parts.push(await this.media.uploadPart(key, uploadId, part, rest.subarray(at, at + this.partSize)));
    }
    return stored((await this.media.completeMultipartUpload(key, uploadId, parts)).size);
  }

  /** A segment's bytes read back from the stored file, or null when the file does not hold all of it. */
  async readSegment(recording: StoredRecording, row: SegmentRow): Promise<Uint8Array | null> {
    if (row.offset + row.length > recording.mediaEnd) return null;
    const found = await this.media.get(recording.key, { offset: row.offset + recording.growth, length: row.length });
    if (!found) return null;
    return new Uint8Array(await new Response(found.body).arrayBuffer());
  }

  static url(recording: StoredRecording | null | undefined): string | null {
    return recording ? mediaUrl(recording.key) : null;
  }
}
