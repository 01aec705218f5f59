import { EbmlId, encodeElement, encodeId, encodeUintElement } from '../../../src/media/webm/ebml.ts';
import { concatBytes } from '../../../src/media/bytes.ts';

/**
 * Builds a WebM the way Chrome's MediaRecorder writes one (Segment and Clusters of unknown size,
 * no Duration, no Cues), with one VP9 video track (2) and one Opus track (1), for tests that need
 * more bytes than the committed camera fixture has. Block payloads are deterministic filler.
 */
const UNKNOWN_SIZE = Uint8Array.of(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);

function text(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

export function syntheticInit(): Uint8Array {
  const ebml = encodeElement(EbmlId.EBML, [
    encodeUintElement(0x4286, 1),
    encodeUintElement(0x42f7, 1),
    encodeUintElement(0x42f2, 4),
    encodeUintElement(0x42f3, 8),
    encodeElement(EbmlId.DocType, text('webm')),
    encodeUintElement(0x4287, 4),
    encodeUintElement(0x4285, 2),
  ]);
  const info = encodeElement(EbmlId.Info, [
    encodeUintElement(EbmlId.TimecodeScale, 1_000_000),
    encodeElement(0x4d80, text('Chrome')),
    encodeElement(0x5741, text('Chrome')),
  ]);
  const tracks = encodeElement(EbmlId.Tracks, [
    encodeElement(EbmlId.TrackEntry, [
      encodeUintElement(EbmlId.TrackNumber, 1),
      encodeUintElement(EbmlId.TrackType, 2),
      encodeElement(EbmlId.CodecID, text('A_OPUS')),
    ]),
    encodeElement(EbmlId.TrackEntry, [
      encodeUintElement(EbmlId.TrackNumber, 2),
      encodeUintElement(EbmlId.TrackType, 1),
      encodeElement(EbmlId.CodecID, text('V_VP9')),
    ]),
  ]);
  return concatBytes([ebml, encodeId(EbmlId.Segment), UNKNOWN_SIZE, info, tracks]);
}

function simpleBlock(track: number, relativeTime: number, keyframe: boolean, payloadLength: number, seed: number): Uint8Array {
  const payload = new Uint8Array(4 + payloadLength);
  payload[0] = 0x80 | track;
  payload[1] = (relativeTime >> 8) & 0xff;
  payload[2] = relativeTime & 0xff;
  payload[3] = keyframe ? 0x80 : 0x00;
  for (let i = 4; i < payload.length; i++) payload[i] = (seed + i * 31) & 0xff;
  return encodeElement(EbmlId.SimpleBlock, payload);
}

export interface SyntheticCluster {
  timecode: number;
  keyframe: boolean;
}

/**
 * One Cluster per second: an audio block, then `framesPerCluster` video frames 100 ms apart whose
 * first is a keyframe when `keyframe` is set.
 */
export function syntheticCluster(cluster: SyntheticCluster, frameBytes: number, framesPerCluster = 10): Uint8Array {
  const blocks: Uint8Array[] = [encodeUintElement(EbmlId.Timecode, cluster.timecode), simpleBlock(1, 0, true, 40, cluster.timecode)];
  for (let f = 0; f < framesPerCluster; f++) {
    blocks.push(simpleBlock(2, f * 100, cluster.keyframe && f === 0, frameBytes, cluster.timecode + f));
  }
  return concatBytes([encodeId(EbmlId.Cluster), UNKNOWN_SIZE, ...blocks]);
}

/** A whole synthetic recording: `seconds` Clusters, a keyframe every `keyframeEvery` of them. */
export function syntheticRecording(seconds: number, frameBytes: number, keyframeEvery = 3): { init: Uint8Array; clusters: Uint8Array[] } {
  const clusters: Uint8Array[] = [];
  for (let s = 0; s < seconds; s++) clusters.push(syntheticCluster({ timecode: s * 1000, keyframe: s % keyframeEvery === 0 }, frameBytes));
  return { init: syntheticInit(), clusters };
}

/** Cuts bytes into pieces of the given sizes in turn (like MediaRecorder's timeslices, which ignore element boundaries). */
export function cutInto(bytes: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let offset = 0;
  for (let i = 0; offset < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    pieces.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return pieces;
}
