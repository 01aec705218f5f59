/**
 * Where the bytes of a live recording go among the parts of its R2 multipart upload.
 *
 * The finished file is the rewritten header (the recorded one grown by `growth` bytes, see
 * webm-recording.ts), then every recorded byte after the header, then the Cues. All parts but the
 * last are `partSize` long, so part 1 holds recorded bytes [0, partSize - growth) (its header
 * rewritten at the end) and part k >= 2 holds recorded bytes exactly as received. Part 1 is
 * uploaded last; the others as soon as they fill.
 */
export interface RecordingLayout {
  partSize: number;
  growth: number;
}

/** The part (1-based) holding the recorded byte at `offset`. */
export function recordingPartOf(layout: RecordingLayout, offset: number): number {
  const firstEnd = layout.partSize - layout.growth;
  if (offset < firstEnd) return 1;
  return 2 + Math.floor((offset - firstEnd) / layout.partSize);
}

/** The recorded bytes [start, end) of part `part`. */
export function recordingPartRange(layout: RecordingLayout, part: number): { start: number; end: number } {
  const firstEnd = layout.partSize - layout.growth;
  if (part === 1) return { start: 0, end: firstEnd };
  const start = firstEnd + (part - 2) * layout.partSize;
  return { start, end: start + layout.partSize };
}

/**
 * Splits recorded bytes starting at `offset` into runs that each fall in one part, so they can be
 * stored by part as they arrive.
 */
export function splitByPart(layout: RecordingLayout, offset: number, bytes: Uint8Array): { part: number; bytes: Uint8Array }[] {
  const runs: { part: number; bytes: Uint8Array }[] = [];
  let at = 0;
  while (at < bytes.length) {
    const part = recordingPartOf(layout, offset + at);
    const end = Math.min(bytes.length, recordingPartRange(layout, part).end - offset);
    runs.push({ part, bytes: bytes.subarray(at, end) });
    at = end;
  }
  return runs;
}
