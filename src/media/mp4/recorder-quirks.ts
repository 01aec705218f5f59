import type { BytePatchAt } from '../bytes.ts';
import { u32 } from './boxes.ts';

/**
 * What real MediaRecorders write wrong in fragmented MP4, and the byte patches that put it right
 * (docs/decisions/040-live-mp4-from-the-recorder.md).
 *
 * Chromium (this machine's 156, `avc1.64001F,opus`) writes the last Opus sample of every fragment
 * 1,008 ticks long (21 ms at 48 kHz) instead of 2,880 (60 ms), although the next fragment's `tfdt`
 * starts where a 60 ms sample would have ended. Each fragment's audio then leaves a 39 ms hole
 * before the next, and a MediaSource fed the fragments as they are plays the video at 1 to 10
 * frames a second (measured: 2 fps against 20 once patched), while `currentTime` advances as if
 * all were well. An audio codec's frames all last the same (Opus packets here are 60 ms, AAC
 * frames 1,024 samples), so a last sample shorter than the one before it is the recorder's
 * mistake, and it is given the length of the one before. Patches are 4-byte overwrites of the
 * sample's duration in its `trun`: nothing moves, so offsets, sizes and every other byte stay as
 * recorded.
 */

export interface SampleDurations {
  values: number[];
  /** Where each value is written, or null when it comes from a default (nothing to patch). */
  offsets: (number | null)[];
}

/** Lengthens a short last sample of an audio track run to the one before it; updates `durations` and answers the patch. */
export function fixShortLastSample(durations: SampleDurations): BytePatchAt[] {
  const count = durations.values.length;
  if (count < 2) return [];
  const last = durations.values[count - 1]!;
  const before = durations.values[count - 2]!;
  const offset = durations.offsets[count - 1];
  if (last >= before || offset == null) return [];
  durations.values[count - 1] = before;
  return [{ offset, bytes: u32(before) }];
}
