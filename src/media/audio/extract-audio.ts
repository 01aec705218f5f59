import { concatBytes } from '../bytes.ts';
import { detectContainer } from '../live-container.ts';
import { Mp4Error, readBoxHeader } from '../mp4/boxes.ts';
import { EbmlError } from '../webm/ebml.ts';
import { PIECE_MAX_BYTES, PIECE_SECONDS, PieceCutter, type FramesOfPiece } from './audio-pieces.ts';
import { audioOnlyMp4, fragmentAudioSamples, mp4AudioTrack, progressiveAudioSamples, type Mp4AudioSample } from './mp4-audio.ts';
import { audioOnlyWebm, WebmAudioReader, type WebmAudioBlock } from './webm-audio.ts';

/**
 * A video file's audio as pieces for a transcriber (decision 125): WebM gives audio-only WebM (Opus,
 * Vorbis), MP4 gives M4A (AAC, Opus), each piece at most 10 minutes (or `maxSeconds`) and 24 MB,
 * its own times from 0 and its `start` on the video's timeline. The file is read as a stream (and,
 * for an MP4 whose `moov` is at the end, by ranges): never held whole.
 */

/** Reads a stored file: all of it from `offset`, or `length` bytes. */
export interface ByteSource {
  size: number;
  read(offset: number, length?: number): Promise<AsyncIterable<Uint8Array>>;
}

export interface ExtractedPiece {
  index: number;
  /** Seconds from the video's start. */
  start: number;
  duration: number;
  bytes: Uint8Array;
  contentType: string;
  filename: string;
}

export class AudioFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioFormatError';
  }
}

export interface PieceOptions {
  maxSeconds?: number;
  maxBytes?: number;
  /** Pieces before this one are read past, not built (a job that ran before finished them). */
  from?: number;
}

/** The pieces of a stored video's audio, in order. Throws AudioFormatError for a file that is not WebM or MP4, or has no audio. */
export async function* audioPieces(source: ByteSource, options: PieceOptions = {}): AsyncGenerator<ExtractedPiece> {
  const head = await readAll(await source.read(0, Math.min(source.size, 16)));
  const kind = detectContainer(head);
  try {
    if (kind === 'webm') yield* webmPieces(source, options);
    else if (kind === 'mp4') yield* mp4Pieces(source, options);
    else throw new AudioFormatError('the video is neither WebM nor MP4');
  } catch (error) {
    if (error instanceof EbmlError || error instanceof Mp4Error) throw new AudioFormatError(`the video file is damaged: ${error.message}`);
    throw error;
  }
}

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return concatBytes(parts);
}

async function* webmPieces(source: ByteSource, options: PieceOptions): AsyncGenerator<ExtractedPiece> {
  const reader = new WebmAudioReader();
  const cutter = new PieceCutter<WebmAudioBlock>(options.maxSeconds ?? PIECE_SECONDS, options.maxBytes ?? PIECE_MAX_BYTES);
  let lastTicks = 0;
  let step = 0;
  const build = (piece: FramesOfPiece<WebmAudioBlock>, endTicks: number): ExtractedPiece => {
    const audio = reader.audio!;
    const secondsPerTick = audio.init.timecodeScale / 1e9;
    const startTicks = piece.frames[0]!.ticks;
    return {
      index: piece.index,
      start: startTicks * secondsPerTick,
      duration: (endTicks - startTicks) * secondsPerTick,
      bytes: audioOnlyWebm(audio, piece.frames, startTicks, endTicks),
      contentType: 'audio/webm',
      filename: `audio-${piece.index}.webm`,
    };
  };
  for await (const chunk of await source.read(0)) {
    for (const block of reader.push(chunk)) {
      const secondsPerTick = reader.audio!.init.timecodeScale / 1e9;
      const done = cutter.add({ time: block.ticks * secondsPerTick, bytes: block.element.length, frame: block });
      if (block.ticks > lastTicks) {
        step = block.ticks - lastTicks;
        lastTicks = block.ticks;
      }
      if (done && done.index >= (options.from ?? 0)) yield build(done, block.ticks);
    }
    if (!reader.hasAudio) throw new AudioFormatError('the video has no audio track');
  }
  if (!reader.audio)
    throw new AudioFormatError(reader.hasAudio ? 'the video file ends before its first frame' : 'the video has no audio track');
  const last = cutter.finish();
  if (last && last.index >= (options.from ?? 0)) yield build(last, lastTicks + step);
}

interface TopBox {
  type: string;
  offset: number;
  size: number;
  headerLength: number;
}

/** The top-level boxes' headers up to and including the `moov`, read by small ranges. */
async function findMoov(source: ByteSource): Promise<{ moov: Uint8Array; moovBox: TopBox; boxes: TopBox[] }> {
  const boxes: TopBox[] = [];
  let offset = 0;
  while (offset + 8 <= source.size) {
    const head = await readAll(await source.read(offset, Math.min(16, source.size - offset)));
    const header = readBoxHeader(head, 0);
    if (!header) throw new Mp4Error(`a box header cut short at ${offset}`);
    const size = header.size ?? source.size - offset;
    const box = { type: header.type, offset, size, headerLength: header.headerLength };
    boxes.push(box);
    if (header.type === 'moov') {
      if (size > 64 * 1024 * 1024) throw new Mp4Error('a moov over 64 MiB');
      return { moov: await readAll(await source.read(offset, size)), moovBox: box, boxes };
    }
    if (boxes.length > 10_000) break;
    offset += size;
  }
  throw new Mp4Error('no moov box');
}

/** Copies the bytes of `wanted` (sorted by offset, inside the stream) out of chunks that start at `at`. */
function pickInto(
  chunk: Uint8Array,
  at: number,
  wanted: readonly { offset: number; size: number; bytes: Uint8Array }[],
  from: number,
): number {
  let i = from;
  const end = at + chunk.length;
  while (i < wanted.length) {
    const sample = wanted[i]!;
    if (sample.offset >= end) break;
    const start = Math.max(sample.offset, at);
    const stop = Math.min(sample.offset + sample.size, end);
    if (stop > start) sample.bytes.set(chunk.subarray(start - at, stop - at), start - sample.offset);
    if (sample.offset + sample.size <= end) i++;
    else break;
  }
  return i;
}

async function* mp4Pieces(source: ByteSource, options: PieceOptions): AsyncGenerator<ExtractedPiece> {
  const { moov, moovBox } = await findMoov(source);
  const track = mp4AudioTrack(moov);
  if (!track) throw new AudioFormatError('the video has no audio track');
  const cutter = new PieceCutter<Mp4AudioSample>(options.maxSeconds ?? PIECE_SECONDS, options.maxBytes ?? PIECE_MAX_BYTES);
  const build = async (piece: FramesOfPiece<Mp4AudioSample>, bytesOf: (samples: Mp4AudioSample[]) => Promise<Uint8Array[]>) => {
    const datas = await bytesOf(piece.frames);
    const first = piece.frames[0]!;
    const last = piece.frames.at(-1)!;
    return {
      index: piece.index,
      start: first.time / track.timescale,
      duration: (last.time + last.duration - first.time) / track.timescale,
      bytes: audioOnlyMp4(
        track,
        piece.frames.map((sample, i) => ({ bytes: datas[i]!, duration: sample.duration })),
      ),
      contentType: 'audio/mp4',
      filename: `audio-${piece.index}.m4a`,
    } satisfies ExtractedPiece;
  };
  const from = options.from ?? 0;
  const addAll = function* (samples: Mp4AudioSample[]) {
    for (const sample of samples) {
      const done = cutter.add({ time: sample.time / track.timescale, bytes: sample.size, frame: sample });
      if (done) yield done;
    }
  };
  if (!track.fragmented) {
    // Progressive: the sample table says where every sample is; each piece's bytes are read as one range.
    const readRange = async (samples: Mp4AudioSample[]) => {
      const wanted = samples.map((sample) => ({ ...sample, bytes: new Uint8Array(sample.size) })).sort((a, b) => a.offset - b.offset);
      const start = wanted[0]!.offset;
      const end = Math.max(...wanted.map((sample) => sample.offset + sample.size));
      if (end > source.size) throw new Mp4Error('a sample past the end of the file');
      let at = start;
      let next = 0;
      for await (const chunk of await source.read(start, end - start)) {
        next = pickInto(chunk, at, wanted, next);
        at += chunk.length;
      }
      const byOffset = new Map(wanted.map((sample) => [sample.offset, sample.bytes]));
      return samples.map((sample) => byOffset.get(sample.offset)!);
    };
    for (const piece of addAll(progressiveAudioSamples(moov))) if (piece.index >= from) yield await build(piece, readRange);
    const last = cutter.finish();
    if (last && last.index >= from) yield await build(last, readRange);
    return;
  }
  // Fragmented: one pass from the moov's end, each moof read whole, the audio picked out of the mdat after it.
  const picked = new Map<Mp4AudioSample, Uint8Array>();
  const fromPicked = async (samples: Mp4AudioSample[]) => samples.map((sample) => picked.get(sample)!);
  let pending: (Mp4AudioSample & { bytes: Uint8Array })[] = [];
  let next = 0;
  let buffer: Uint8Array = new Uint8Array();
  let bufferAt = moovBox.offset + moovBox.size;
  let skipTo = bufferAt;
  let moofBytes: { at: number; size: number } | null = null;
  let inMdat = false;
  const ready: FramesOfPiece<Mp4AudioSample>[] = [];
  const settle = () => {
    for (const sample of pending) {
      picked.set(sample, sample.bytes);
      for (const done of addAll([sample])) ready.push(done);
    }
    pending = [];
    next = 0;
  };
  for await (const chunk of await source.read(bufferAt)) {
    buffer = buffer.length > 0 ? concatBytes([buffer, chunk]) : chunk;
    for (;;) {
      // Media bytes are streamed past, picking the pending samples out of them.
      if (skipTo > bufferAt) {
        const n = Math.min(skipTo - bufferAt, buffer.length);
        if (pending.length > 0) next = pickInto(buffer.subarray(0, n), bufferAt, pending, next);
        buffer = buffer.subarray(n);
        bufferAt += n;
        if (skipTo > bufferAt) break;
        if (inMdat) settle();
        inMdat = false;
      }
      if (moofBytes) {
        if (buffer.length < moofBytes.size) break;
        pending = fragmentAudioSamples(buffer.slice(0, moofBytes.size), moofBytes.at, track).map((sample) => ({
          ...sample,
          bytes: new Uint8Array(sample.size),
        }));
        pending.sort((a, b) => a.offset - b.offset);
        next = 0;
        skipTo = bufferAt + moofBytes.size;
        buffer = buffer.subarray(moofBytes.size);
        bufferAt = skipTo;
        moofBytes = null;
        continue;
      }
      const header = buffer.length >= 16 || bufferAt + buffer.length >= source.size ? readBoxHeader(buffer, 0) : null;
      if (!header) break;
      const size = header.size ?? source.size - bufferAt;
      if (header.type === 'moof') {
        if (size > 16 * 1024 * 1024) throw new Mp4Error('a moof over 16 MiB');
        moofBytes = { at: bufferAt, size };
        continue;
      }
      skipTo = bufferAt + size;
      inMdat = header.type === 'mdat';
    }
    while (ready.length > 0) {
      const piece = ready.shift()!;
      if (piece.index >= from) yield await build(piece, fromPicked);
      for (const sample of piece.frames) picked.delete(sample);
    }
  }
  settle();
  for (const piece of ready) if (piece.index >= from) yield await build(piece, fromPicked);
  const last = cutter.finish();
  if (last && last.index >= from) yield await build(last, fromPicked);
}
