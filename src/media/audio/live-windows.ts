import type { LiveAudioFrame } from './live-audio.ts';

/**
 * A live stream's audio cut into windows for the transcriber (decision 128). Once its frames span
 * WINDOW_SECONDS a window is cut in the middle of its longest pause in the latter half (a run of
 * frames well below the window's typical size: Opus and AAC at variable rates spend a few bytes on
 * silence), so that a pause between phrases, not a word, is where one window ends and the next
 * begins; the frames after the cut start the next window. Without a pause it waits for one up to
 * LONGEST_WINDOW_SECONDS, then is cut at its quietest gap (between words), or at its end (a codec
 * at a constant rate).
 */

export const WINDOW_SECONDS = 3;
/** With no pause after WINDOW_SECONDS, a window waits for one up to this long, then is cut at its quietest gap. */
export const LONGEST_WINDOW_SECONDS = 5;
/** A quiet run at least this long is a pause between phrases; shorter ones are gaps between words. */
const PAUSE_SECONDS = 0.3;

export interface AudioWindow<F extends LiveAudioFrame> {
  /** Seconds on the stream's timeline of its first frame. */
  start: number;
  frames: F[];
}

/**
 * Where to cut `frames` (the index of the first frame of the next window): the middle of the longest
 * quiet run at least `pause` long after `windowSeconds / 2`; null when there is none.
 */
export function quietCut(frames: readonly LiveAudioFrame[], pause = PAUSE_SECONDS, windowSeconds = WINDOW_SECONDS): number | null {
  if (frames.length < 4) return null;
  const sizes = frames.map((frame) => frame.size).sort((a, b) => a - b);
  const smallest = sizes[0]!;
  const loud = sizes[Math.floor(sizes.length * 0.9)]!;
  // Below 30 % of the way from the smallest frame to the loud ones: clearly quieter than speech.
  const quiet = smallest + (loud - smallest) * 0.3;
  if (loud <= smallest * 1.5) return null;
  const from = frames[0]!.time + windowSeconds / 2;
  let best: { from: number; to: number; span: number } | null = null;
  let run: number | null = null;
  for (let i = 0; i <= frames.length; i++) {
    const isQuiet = i < frames.length && frames[i]!.time >= from && frames[i]!.size <= quiet;
    if (isQuiet) run ??= i;
    else if (run !== null) {
      const span = frames[i - 1]!.time - frames[run]!.time;
      if (span >= pause && (!best || span >= best.span)) best = { from: run, to: i - 1, span };
      run = null;
    }
  }
  return best ? Math.ceil((best.from + best.to) / 2) : null;
}

/** Gathers frames (in time order) and answers the windows they complete. */
export class LiveWindows<F extends LiveAudioFrame> {
  private frames: F[] = [];

  constructor(
    private readonly windowSeconds = WINDOW_SECONDS,
    private readonly longestSeconds = LONGEST_WINDOW_SECONDS,
  ) {}

  add(frames: readonly F[]): AudioWindow<F>[] {
    const done: AudioWindow<F>[] = [];
    for (const frame of frames) {
      this.frames.push(frame);
      const span = frame.time - this.frames[0]!.time;
      if (span < this.windowSeconds) continue;
      let cut = quietCut(this.frames, PAUSE_SECONDS, this.windowSeconds);
      if (cut === null && span < this.longestSeconds) continue;
      cut ??= quietCut(this.frames, 0, this.windowSeconds) ?? this.frames.length;
      done.push({ start: this.frames[0]!.time, frames: this.frames.slice(0, cut) });
      this.frames = this.frames.slice(cut);
    }
    return done;
  }

  /** The frames gathered so far as a last window (the stream ended), or null. */
  flush(): AudioWindow<F> | null {
    const frames = this.frames;
    this.frames = [];
    return frames.length > 0 ? { start: frames[0]!.time, frames } : null;
  }
}
