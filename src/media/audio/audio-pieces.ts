/**
 * A video's audio cut into pieces a transcription API takes in one request (OpenAI's: 25 MB at
 * most): at most `maxSeconds` (10 minutes for a file, a window for a live stream) and `maxBytes`
 * each, cut between frames. Each piece starts where its first frame starts, so the transcriber's
 * times (from the start of the piece) are shifted by that to land on the video's timeline.
 */
export const PIECE_SECONDS = 600;
/** Under OpenAI's 25 MB a request, with room for the form around the file. */
export const PIECE_MAX_BYTES = 24 * 1024 * 1024;

export interface AudioFrame<T> {
  /** Seconds from the video's start. */
  time: number;
  bytes: number;
  frame: T;
}

export interface FramesOfPiece<T> {
  /** The piece's number, from 0. */
  index: number;
  /** Seconds from the video's start of its first frame. */
  start: number;
  frames: T[];
}

/** Groups frames (in time order) into pieces; `add` returns a piece when one is full, `finish` the last. */
export class PieceCutter<T> {
  private current: { start: number; frames: T[]; bytes: number } | null = null;
  private index = 0;

  constructor(
    private readonly maxSeconds = PIECE_SECONDS,
    private readonly maxBytes = PIECE_MAX_BYTES,
  ) {}

  add(frame: AudioFrame<T>): FramesOfPiece<T> | null {
    let done: FramesOfPiece<T> | null = null;
    const current = this.current;
    if (current && (frame.time - current.start >= this.maxSeconds || current.bytes + frame.bytes > this.maxBytes)) {
      done = { index: this.index++, start: current.start, frames: current.frames };
      this.current = null;
    }
    this.current ??= { start: frame.time, frames: [], bytes: 0 };
    this.current.frames.push(frame.frame);
    this.current.bytes += frame.bytes;
    return done;
  }

  finish(): FramesOfPiece<T> | null {
    const current = this.current;
    this.current = null;
    return current && current.frames.length > 0 ? { index: this.index++, start: current.start, frames: current.frames } : null;
  }
}
