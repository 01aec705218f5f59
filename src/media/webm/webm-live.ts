import { fromBase64, toBase64 } from '../base64.ts';
import {
  MediaFormatError,
  type ContainerSnapshot,
  type LiveContainer,
  type RecordingInput,
  type RecordingShape,
  type StreamEvent,
  type StreamInit,
} from '../live-container.ts';
import { EbmlError } from './ebml.ts';
import {
  buildCues,
  buildRecordingHeader,
  headerGrowth,
  newRecordingFacts,
  recordScanEvent,
  recordingDuration,
  type RecordingFacts,
} from './webm-recording.ts';
import { WebmScanner, mimeTypeOf, type ScannerSnapshot, type WebmInit } from './webm-scanner.ts';

/**
 * A live WebM stream (docs/decisions/010-live-stream-protocol.md) behind the live-container
 * interface: the scanner finds the init section, keyframe Clusters and cue points; a segment may end
 * at any byte (a MediaSource takes WebM as it comes); the recording is the rewritten header, the
 * Clusters as recorded, then the Cues.
 */

interface StoredInit extends Omit<WebmInit, 'bytes'> {
  bytes: string;
}

export interface WebmLiveState {
  scanner: ScannerSnapshot;
  /** Cue points leave with the events (the room stores them); the rest of the facts stay here. */
  facts: RecordingFacts;
  init: StoredInit | null;
}

export class WebmLive implements LiveContainer {
  readonly kind = 'webm';
  readonly cutsAnywhere = true;
  private scanner: WebmScanner;
  private facts: RecordingFacts;
  private webmInit: WebmInit | null = null;
  /**
   * Per init section, worked out once (the room asks per chunk): its base64, and the header's growth
   * (on the first recording(), so a header that cannot be rewritten fails there as before).
   */
  private initBase64: string | null = null;
  private growth: number | null = null;

  constructor(state: WebmLiveState | null = null) {
    this.scanner = state ? WebmScanner.restore(state.scanner) : new WebmScanner();
    this.facts = state ? { ...state.facts, cues: [] } : newRecordingFacts(null);
    if (state?.init) this.setInit({ ...state.init, bytes: fromBase64(state.init.bytes) }, state.init.bytes);
  }

  private setInit(init: WebmInit, base64: string = toBase64(init.bytes)): void {
    this.webmInit = init;
    this.initBase64 = base64;
    this.growth = null;
  }

  get init(): StreamInit | null {
    return this.webmInit && { bytes: this.webmInit.bytes, mimeType: mimeTypeOf(this.webmInit) };
  }

  get completeUpTo(): number {
    return this.scanner.completeUpTo;
  }

  get settledUpTo(): number {
    return this.scanner.received;
  }

  get hasMedia(): boolean {
    return this.facts.clusters > 0;
  }

  push(bytes: Uint8Array): StreamEvent[] {
    let scanned;
    try {
      scanned = this.scanner.push(bytes);
    } catch (error) {
      if (error instanceof EbmlError) throw new MediaFormatError(`Not a WebM recording: ${error.message}`);
      throw error;
    }
    const events: StreamEvent[] = [];
    for (const event of scanned) {
      if (event.kind === 'init') {
        this.setInit(event.init);
        events.push({ kind: 'init', init: this.init! });
      }
      const key = recordScanEvent(this.facts, event);
      if (key !== null) events.push({ kind: 'key', offset: key });
    }
    for (const cue of this.facts.cues) events.push({ kind: 'cue', cue });
    this.facts.cues = [];
    return events;
  }

  snapshot(): ContainerSnapshot {
    const init = this.webmInit && { ...this.webmInit, bytes: this.initBase64! };
    const state: WebmLiveState = { scanner: this.scanner.snapshot(), facts: { ...this.facts, cues: [] }, init };
    return { kind: 'webm', state };
  }

  recording(): RecordingShape | null {
    if (!this.webmInit) return null;
    this.growth ??= headerGrowth(this.webmInit);
    return { contentType: 'video/webm', extension: 'webm', growth: this.growth };
  }

  finishRecording({ cues, mediaLength }: RecordingInput): { header: Uint8Array; tail: Uint8Array } {
    const init = this.webmInit;
    if (!init) throw new MediaFormatError('no init section');
    const facts = { ...this.facts, cues: [...cues] };
    const tail = buildCues(init, facts);
    const header = buildRecordingHeader(init, { duration: recordingDuration(facts), mediaLength, cuesLength: tail.length });
    return { header, tail };
  }
}
