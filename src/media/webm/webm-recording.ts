import {
  EbmlError,
  EbmlId,
  encodeElement,
  encodeFloat64Element,
  encodeId,
  encodeIdElement,
  encodeSize,
  encodeUintElement,
  readElementHeader,
  sizeFieldLength,
} from './ebml.ts';
import { concatBytes } from '../bytes.ts';
import { WebmScanner, forEachChild, syncTrackOf, type ScanEvent, type WebmInit } from './webm-scanner.ts';

/**
 * Turns a MediaRecorder WebM (no Duration, no Cues, Segment and Clusters of unknown size) into a
 * file a player can show the length of and seek in, without moving a single media byte:
 *
 *   [EBML header][Segment, size now known][SeekHead -> Info, Tracks, Cues][Info + Duration][Tracks]
 *   [the Clusters exactly as recorded][Cues]
 *
 * Only the bytes before the first Cluster are rewritten, and they grow by a fixed amount that is
 * known as soon as that header has arrived (`headerGrowth`). Because of that a live recording can
 * be uploaded as it goes: every part but the first holds bytes exactly as recorded, and the first
 * part (the header) is written last, when the duration and the Cues' position are known.
 */

export interface CuePoint {
  /** Time of the keyframe, in timecode ticks. */
  time: number;
  /** Stream offset (in the recording as received) of the Cluster that starts with it. */
  clusterOffset: number;
}

/** What the recorder learns from the scan events; plain data, so it can be persisted. */
export interface RecordingFacts {
  syncTrack: number | null;
  cues: CuePoint[];
  clusters: number;
  /** Per track: the last block time and the gap before it, to estimate when the last frame ends. */
  lastTimes: Record<string, { time: number; gap: number }>;
  /** Cluster offset waiting for its first block of the sync track. */
  openCluster: number | null;
}

export function newRecordingFacts(init: WebmInit | null): RecordingFacts {
  return { syncTrack: init ? syncTrackOf(init) : null, cues: [], clusters: 0, lastTimes: {}, openCluster: null };
}

/**
 * Folds scan events into the facts. Returns the offset of a Cluster found to start with a keyframe
 * of the sync track (a point where a player may start), if this event revealed one.
 */
export function recordScanEvent(facts: RecordingFacts, event: ScanEvent): number | null {
  if (event.kind === 'init') {
    facts.syncTrack = syncTrackOf(event.init);
    return null;
  }
  if (event.kind === 'other') return null;
  if (event.kind === 'cluster') {
    facts.clusters += 1;
    facts.openCluster = event.offset;
    return null;
  }
  const key = String(event.track);
  const last = facts.lastTimes[key];
  facts.lastTimes[key] = { time: event.time, gap: last ? Math.max(0, event.time - last.time) : 0 };
  if (event.track !== facts.syncTrack || facts.openCluster !== event.clusterOffset) return null;
  facts.openCluster = null;
  if (!event.keyframe) return null;
  facts.cues.push({ time: event.time, clusterOffset: event.clusterOffset });
  return event.clusterOffset;
}

/** Duration in ticks: the end of the last frame of the track that ends last. */
export function recordingDuration(facts: RecordingFacts): number {
  let end = 0;
  for (const { time, gap } of Object.values(facts.lastTimes)) end = Math.max(end, time + gap);
  return end;
}

interface HeaderLayout {
  ebmlHeader: Uint8Array;
  segmentSizeLength: number;
  info: { header: Uint8Array; dataWithoutDuration: Uint8Array; sizeLength: number };
  /** Every other element before the first Cluster, in order (Tracks, Tags, ...), minus SeekHead, Void and Cues. */
  others: { id: number; bytes: Uint8Array }[];
}

const SEGMENT_SIZE_LENGTH = 8;
const SEEK_POSITION_WIDTH = 8;

function layoutOf(init: WebmInit): HeaderLayout {
  const bytes = init.bytes;
  const ebml = readElementHeader(bytes, 0);
  if (!ebml || ebml.size === null) throw new EbmlError('not an EBML document');
  const ebmlEnd = ebml.headerLength + ebml.size;
  const segment = readElementHeader(bytes, ebmlEnd);
  if (!segment || segment.id !== EbmlId.Segment) throw new EbmlError('no Segment');
  let info: HeaderLayout['info'] | null = null;
  const others: HeaderLayout['others'] = [];
  forEachChild(bytes, ebmlEnd + segment.headerLength, bytes.length, (child, dataStart, elementStart) => {
    const end = dataStart + (child.size ?? 0);
    if (child.id === EbmlId.Info) {
      const kept: Uint8Array[] = [];
      forEachChild(bytes, dataStart, end, (grandchild, _gcData, gcStart) => {
        if (grandchild.id !== EbmlId.Duration)
          kept.push(bytes.subarray(gcStart, gcStart + grandchild.headerLength + (grandchild.size ?? 0)));
      });
      info = { header: bytes.subarray(elementStart, dataStart), dataWithoutDuration: concatBytes(kept), sizeLength: child.sizeLength };
    } else if (child.id !== EbmlId.SeekHead && child.id !== EbmlId.Void && child.id !== EbmlId.Cues) {
      others.push({ id: child.id, bytes: bytes.subarray(elementStart, end) });
    }
  });
  if (!info) throw new EbmlError('no Info before the first Cluster');
  return { ebmlHeader: bytes.subarray(0, ebmlEnd), segmentSizeLength: Math.max(segment.sizeLength, SEGMENT_SIZE_LENGTH), info, others };
}

function seekHead(entries: { id: number; position: number }[]): Uint8Array {
  return encodeElement(
    EbmlId.SeekHead,
    entries.map((entry) =>
      encodeElement(EbmlId.Seek, [
        encodeIdElement(EbmlId.SeekID, entry.id),
        encodeUintElement(EbmlId.SeekPosition, entry.position, SEEK_POSITION_WIDTH),
      ]),
    ),
  );
}

function infoElement(layout: HeaderLayout, duration: number): Uint8Array {
  const data = concatBytes([layout.info.dataWithoutDuration, encodeFloat64Element(EbmlId.Duration, duration)]);
  const idLength = layout.info.header.length - layout.info.sizeLength;
  const sizeLength = Math.max(layout.info.sizeLength, sizeFieldLength(data.length));
  return concatBytes([layout.info.header.subarray(0, idLength), encodeSize(data.length, sizeLength), data]);
}

/** Bytes the rewritten header adds to the recording's first Cluster offset. Depends on the header only. */
export function headerGrowth(init: WebmInit): number {
  return buildRecordingHeader(init, { duration: 0, mediaLength: 0, cuesLength: 0 }).length - init.bytes.length;
}

/**
 * The rewritten header. `mediaLength` is the number of recorded bytes after the original header
 * (the Clusters), `cuesLength` the length of the Cues written after them.
 */
export function buildRecordingHeader(init: WebmInit, values: { duration: number; mediaLength: number; cuesLength: number }): Uint8Array {
  const layout = layoutOf(init);
  const info = infoElement(layout, values.duration);
  const hasTracks = layout.others.some((o) => o.id === EbmlId.Tracks);
  const ids = hasTracks ? [EbmlId.Info, EbmlId.Tracks, EbmlId.Cues] : [EbmlId.Info, EbmlId.Cues];
  // Positions count from the start of the Segment's data; the SeekHead's length does not depend on them.
  const seekLength = seekHead(ids.map((id) => ({ id, position: 0 }))).length;
  const positions = new Map<number, number>([[EbmlId.Info, seekLength]]);
  let position = seekLength + info.length;
  for (const other of layout.others) {
    if (!positions.has(other.id)) positions.set(other.id, position);
    position += other.bytes.length;
  }
  positions.set(EbmlId.Cues, position + values.mediaLength);
  const segmentData = concatBytes([
    seekHead(ids.map((id) => ({ id, position: positions.get(id)! }))),
    info,
    ...layout.others.map((o) => o.bytes),
  ]);
  const segmentSize = segmentData.length + values.mediaLength + values.cuesLength;
  return concatBytes([layout.ebmlHeader, encodeId(EbmlId.Segment), encodeSize(segmentSize, layout.segmentSizeLength), segmentData]);
}

/**
 * The Cues for the keyframe Clusters. Cluster positions are moved from the recording as received
 * to the rewritten file (shifted by the header's growth, relative to the Segment's data).
 */
export function buildCues(init: WebmInit, facts: RecordingFacts): Uint8Array {
  const layout = layoutOf(init);
  const segmentDataStart = layout.ebmlHeader.length + 4 + layout.segmentSizeLength;
  const growth = headerGrowth(init);
  const track = facts.syncTrack ?? 1;
  const points = facts.cues.map((cue) =>
    encodeElement(EbmlId.CuePoint, [
      encodeUintElement(EbmlId.CueTime, cue.time),
      encodeElement(EbmlId.CueTrackPositions, [
        encodeUintElement(EbmlId.CueTrack, track),
        encodeUintElement(EbmlId.CueClusterPosition, cue.clusterOffset + growth - segmentDataStart),
      ]),
    ]),
  );
  return encodeElement(EbmlId.Cues, points);
}

/**
 * A whole recording held in memory (a recorder clip before upload) made seekable in one go: the
 * pieces of the new file, in order. Null when the bytes are not a WebM recording with a Cluster.
 */
export function makeRecordingSeekable(bytes: Uint8Array): Uint8Array[] | null {
  const scanner = new WebmScanner();
  const facts = newRecordingFacts(null);
  let init: WebmInit | null = null;
  let mediaEnd = bytes.length;
  for (const event of scanner.push(bytes)) {
    if (event.kind === 'init') init = event.init;
    // Cues or Tags after the Clusters (a file fixed before) are replaced, not kept.
    if (event.kind === 'other' && facts.clusters > 0 && mediaEnd === bytes.length) mediaEnd = event.offset;
    recordScanEvent(facts, event);
  }
  if (!init || facts.clusters === 0) return null;
  const media = bytes.subarray(init.bytes.length, Math.min(mediaEnd, scanner.completeUpTo));
  const cues = buildCues(init, facts);
  const header = buildRecordingHeader(init, { duration: recordingDuration(facts), mediaLength: media.length, cuesLength: cues.length });
  return [header, media, cues];
}
