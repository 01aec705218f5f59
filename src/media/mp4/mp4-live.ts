import {
  MediaFormatError,
  type ContainerSnapshot,
  type LiveContainer,
  type RecordingInput,
  type RecordingShape,
  type StreamEvent,
  type StreamInit,
} from '../live-container.ts';
import { Mp4Error } from './boxes.ts';
import { mp4MimeType, parseMp4Init, type Mp4Init } from './mp4-init.ts';
import { buildMp4RecordingHeader, mp4HeaderGrowth } from './mp4-recording.ts';
import { Mp4Scanner, type Mp4ScannerSnapshot } from './mp4-scanner.ts';
import { fromBase64, toBase64 } from '../base64.ts';

/**
 * A live fragmented MP4 stream (docs/decisions/040-live-mp4-from-the-recorder.md) behind the
 * live-container interface: segments are whole fragments (a `moof` and its `mdat`, with whatever
 * boxes came between the previous fragment and it), a fragment whose first video sample is a
 * keyframe starts a join point, and the recorder's quirks come out as byte patches. The recording
 * is the rewritten header (durations, `mehd`, `sidx`) then the fragments as recorded and patched.
 */

export interface Mp4LiveState {
  scanner: Mp4ScannerSnapshot;
  /** Base64 of the init section, once it has arrived. */
  init: string | null;
  /** Where the next segment starts: the end of the last fragment, or of the init section. */
  cutFrom: number;
}

export class Mp4Live implements LiveContainer {
  readonly kind = 'mp4';
  readonly cutsAnywhere = false;
  private scanner: Mp4Scanner;
  private mp4Init: Mp4Init | null = null;
  /**
   * Per init section, worked out once (the room asks per chunk): its base64, and the header's growth
   * (on the first recording(), so a header that cannot be rewritten fails there as before).
   */
  private initBase64: string | null = null;
  private growth: number | null = null;
  private cutFrom: number;

  constructor(state: Mp4LiveState | null = null) {
    this.scanner = state ? Mp4Scanner.restore(state.scanner) : new Mp4Scanner();
    if (state?.init) this.setInit(parseMp4Init(fromBase64(state.init)), state.init);
    this.cutFrom = state?.cutFrom ?? 0;
  }

  private setInit(init: Mp4Init, base64: string = toBase64(init.bytes)): void {
    this.mp4Init = init;
    this.initBase64 = base64;
    this.growth = null;
  }

  get init(): StreamInit | null {
    return this.mp4Init && { bytes: this.mp4Init.bytes, mimeType: mp4MimeType(this.mp4Init) };
  }

  get completeUpTo(): number {
    return this.scanner.completeUpTo;
  }

  get settledUpTo(): number {
    return this.scanner.settledUpTo;
  }

  get hasMedia(): boolean {
    return this.mp4Init !== null && this.scanner.completeUpTo > this.mp4Init.bytes.length;
  }

  push(bytes: Uint8Array): StreamEvent[] {
    let scanned;
    try {
      scanned = this.scanner.push(bytes);
    } catch (error) {
      if (error instanceof Mp4Error) throw new MediaFormatError(`Not a fragmented MP4 recording: ${error.message}`);
      throw error;
    }
    const events: StreamEvent[] = [];
    for (const event of scanned) {
      if (event.kind === 'init') {
        this.setInit(event.init);
        this.cutFrom = event.init.bytes.length;
        events.push({ kind: 'init', init: this.init! });
      } else if (event.kind === 'patch') {
        events.push(event);
      } else {
        if (event.key) events.push({ kind: 'key', offset: this.cutFrom });
        events.push({ kind: 'boundary', offset: event.end, time: event.time, duration: event.duration });
        this.cutFrom = event.end;
      }
    }
    return events;
  }

  snapshot(): ContainerSnapshot {
    const state: Mp4LiveState = { scanner: this.scanner.snapshot(), init: this.initBase64, cutFrom: this.cutFrom };
    return { kind: 'mp4', state };
  }

  recording(): RecordingShape | null {
    if (!this.mp4Init) return null;
    this.growth ??= mp4HeaderGrowth(this.mp4Init);
    return { contentType: 'video/mp4', extension: 'mp4', growth: this.growth };
  }

  finishRecording({ fragments }: RecordingInput): { header: Uint8Array; tail: Uint8Array } {
    if (!this.mp4Init) throw new MediaFormatError('no init section');
    return { header: buildMp4RecordingHeader(this.mp4Init, this.scanner.trackSpans(), fragments), tail: new Uint8Array() };
  }
}
