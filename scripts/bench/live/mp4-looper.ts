import { concatBytes } from '../../../src/media/bytes.ts';
import { childBoxes, readU32, readU64, writeU32, writeU64 } from '../../../src/media/mp4/boxes.ts';
import { Mp4Scanner } from '../../../src/media/mp4/mp4-scanner.ts';
import type { LoopedStream } from './webm-looper.ts';

/**
 * Makes a long live stream out of a short recorded fragmented MP4 (the MP4 twin of webm-looper.ts):
 * the recording's fragments are repeated `loops` times after one init section, each repeat's
 * `tfdt` times shifted by the recording's length (rounded up to whole seconds, the same for every
 * track, so sound and picture stay together) and its `mfhd` sequence numbers carried on. Nothing
 * changes length, so the recorder's chunk boundaries map the same way into every repeat and the
 * publisher sends what MediaRecorder would have sent over a longer take, quirks included.
 */

function shifted(media: Uint8Array, fragments: number, loop: number, shiftTicks: ReadonlyMap<number, number>): Uint8Array {
  const out = media.slice();
  for (const moof of childBoxes(out, 0, out.length).filter((box) => box.type === 'moof')) {
    for (const child of childBoxes(out, moof.dataStart, moof.end)) {
      if (child.type === 'mfhd') writeU32(out, child.dataStart + 4, readU32(out, child.dataStart + 4) + loop * fragments);
      if (child.type !== 'traf') continue;
      const parts = childBoxes(out, child.dataStart, child.end);
      const tfhd = parts.find((box) => box.type === 'tfhd');
      const tfdt = parts.find((box) => box.type === 'tfdt');
      if (!tfhd || !tfdt) continue;
      const shift = loop * (shiftTicks.get(readU32(out, tfhd.dataStart + 4)) ?? 0);
      const at = tfdt.dataStart + 4;
      if (out[tfdt.dataStart] === 1) writeU64(out, at, readU64(out, at) + shift);
      else writeU32(out, at, readU32(out, at) + shift);
    }
  }
  return out;
}

/**
 * `recording`: a whole fragmented MP4 as MediaRecorder wrote it; `chunkSizes`: the byte length of
 * each chunk it was delivered in (summing to the file's length).
 */
export function loopMp4Recording(recording: Uint8Array, chunkSizes: readonly number[], loops: number): LoopedStream {
  if (chunkSizes.reduce((a, b) => a + b, 0) !== recording.length) throw new Error('the chunk sizes do not add up to the recording');
  if (!Number.isInteger(loops) || loops < 1) throw new Error('loops must be a whole number of at least 1');
  const scanner = new Mp4Scanner();
  const events = scanner.push(recording);
  const initEvent = events.find((event) => event.kind === 'init');
  if (initEvent?.kind !== 'init') throw new Error('the recording has no complete init section');
  const init = initEvent.init.bytes;
  const tracks = initEvent.init.tracks;
  const spans = scanner.trackSpans();
  const seconds = Math.ceil(Math.max(...tracks.map((track) => (spans[String(track.id)]?.end ?? 0) / track.timescale)));
  const shiftTicks = new Map(tracks.map((track) => [track.id, seconds * track.timescale]));
  const fragments = events.filter((event) => event.kind === 'fragment').length;
  const media = recording.subarray(init.length);

  // Chunk ends in media coordinates; a chunk holding only (the end of) the init section adds none.
  const ends: number[] = [];
  let end = 0;
  for (const size of chunkSizes) {
    end += size;
    if (end > init.length) ends.push(end - init.length);
  }
  const chunks: Uint8Array[] = [];
  for (let loop = 0; loop < loops; loop++) {
    const repeat = shifted(media, fragments, loop, shiftTicks);
    let from = 0;
    for (const to of ends) {
      const piece = repeat.subarray(from, to);
      chunks.push(loop === 0 && from === 0 ? concatBytes([init, piece]) : piece);
      from = to;
    }
  }
  return { init, chunks, loopMs: seconds * 1000 };
}
