import { concatBytes } from '../bytes.ts';
import { readBoxHeader } from '../mp4/boxes.ts';
import { audioOnlyMp4, fragmentAudioSamples, mp4AudioTrack, type Mp4AudioTrack } from './mp4-audio.ts';
import { audioOnlyWebm, WebmAudioReader, type WebmAudioBlock } from './webm-audio.ts';

/**
 * A live stream's audio as it arrives (decision 128): fed the stream's bytes after its
 * initialisation segment, in order and cut anywhere, it hands back each audio frame (its time on
 * the stream's timeline, its coded size, its bytes) and makes an audio-only file of any run of
 * them, as the recorded half does (decision 125): WebM gives audio-only WebM, fragmented MP4 an
 * M4A. Nothing is decoded.
 */

export interface LiveAudioFrame {
  /** Seconds on the stream's media timeline (what a MediaSource player's currentTime reads). */
  time: number;
  /** Coded bytes: variable-rate codecs spend few on silence (live-windows.ts). */
  size: number;
}

export interface LiveAudioFile {
  bytes: Uint8Array;
  contentType: string;
  /** With the container's extension: OpenAI's API tells formats by it. */
  extension: string;
}

export interface LiveAudio<F extends LiveAudioFrame = LiveAudioFrame> {
  /** The audio frames whose bytes are complete after this chunk. */
  push(bytes: Uint8Array): F[];
  /** An audio-only file of consecutive frames, its time 0 at the first one's. */
  file(frames: readonly F[]): LiveAudioFile;
}

/** Neither the init nor the stream's bytes may grow a buffer past this without a box or element ending. */
const MAX_BUFFER_BYTES = 32 * 1024 * 1024;

interface WebmFrame extends LiveAudioFrame {
  block: WebmAudioBlock;
}

class WebmLiveAudio implements LiveAudio<WebmFrame> {
  private readonly reader = new WebmAudioReader();
  private step = 0;

  constructor(init: Uint8Array) {
    this.reader.push(init);
  }

  push(bytes: Uint8Array): WebmFrame[] {
    if (!this.reader.hasAudio) return [];
    const blocks = this.reader.push(bytes);
    const audio = this.reader.audio;
    if (!audio) return [];
    const secondsPerTick = audio.init.timecodeScale / 1e9;
    return blocks.map((block) => ({ time: block.ticks * secondsPerTick, size: block.element.length, block }));
  }

  file(frames: readonly WebmFrame[]): LiveAudioFile {
    const audio = this.reader.audio!;
    const first = frames[0]!.block.ticks;
    const last = frames.at(-1)!.block.ticks;
    if (frames.length > 1) this.step = Math.max(1, Math.round((last - first) / (frames.length - 1)));
    const blocks = frames.map((frame) => frame.block);
    return { bytes: audioOnlyWebm(audio, blocks, first, last + (this.step || 1)), contentType: 'audio/webm', extension: 'webm' };
  }
}

interface Mp4Frame extends LiveAudioFrame {
  bytes: Uint8Array;
  duration: number;
}

class Mp4LiveAudio implements LiveAudio<Mp4Frame> {
  private readonly track: Mp4AudioTrack | null;
  private buffer: Uint8Array = new Uint8Array();
  /** Stream offset of the buffer's first byte (the init counted, as the moof's data offsets count). */
  private at: number;
  private moof: { bytes: Uint8Array; at: number } | null = null;

  constructor(init: Uint8Array) {
    let moov: Uint8Array | null = null;
    for (let pos = 0; pos + 8 <= init.length;) {
      const header = readBoxHeader(init, pos);
      if (!header?.size) break;
      if (header.type === 'moov') moov = init.subarray(pos, pos + header.size);
      pos += header.size;
    }
    this.track = moov ? mp4AudioTrack(moov) : null;
    this.at = init.length;
  }

  push(bytes: Uint8Array): Mp4Frame[] {
    if (!this.track) return [];
    this.buffer = this.buffer.length > 0 ? concatBytes([this.buffer, bytes]) : bytes.slice();
    const frames: Mp4Frame[] = [];
    for (;;) {
      const header = readBoxHeader(this.buffer, 0);
      if (!header?.size || this.buffer.length < header.size) {
        if (this.buffer.length > MAX_BUFFER_BYTES) throw new Error('an MP4 box over 32 MiB in a live stream');
        return frames;
      }
      const box = this.buffer.subarray(0, header.size);
      if (header.type === 'moof') this.moof = { bytes: box.slice(), at: this.at };
      if (header.type === 'mdat' && this.moof) {
        const track = this.track;
        for (const sample of fragmentAudioSamples(this.moof.bytes, this.moof.at, track)) {
          const from = sample.offset - this.at;
          if (from < 0 || from + sample.size > box.length) continue;
          frames.push({
            time: sample.time / track.timescale,
            size: sample.size,
            bytes: box.slice(from, from + sample.size),
            duration: sample.duration,
          });
        }
        this.moof = null;
      }
      this.at += header.size;
      this.buffer = this.buffer.subarray(header.size);
    }
  }

  file(frames: readonly Mp4Frame[]): LiveAudioFile {
    return { bytes: audioOnlyMp4(this.track!, frames), contentType: 'audio/mp4', extension: 'm4a' };
  }
}

/** The audio of a live stream of this container, given its initialisation segment. */
export function liveAudio(kind: 'webm' | 'mp4', init: Uint8Array): LiveAudio {
  return kind === 'webm' ? new WebmLiveAudio(init) : new Mp4LiveAudio(init);
}
