/**
 * A caption cue and the limits every track keeps (docs/product/api-captions.md): times in seconds
 * from the video's start, text plain (no markup), at most MAX_CUE_TEXT characters. Two lines of 42
 * characters are advised, not enforced: a reporter's correction is never refused for style.
 */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

export const MAX_CUE_TEXT = 500;
/** Advice the editor shows (BBC and Netflix guidelines): two lines of at most 42 characters. */
export const ADVISED_LINE_LENGTH = 42;
export const ADVISED_LINES = 2;
/** An hour of speech is about 1,000 cues; ten times that for a day-long stream's recording. */
export const MAX_CUES = 20_000;
/** A cue ends within a day of the video's start (a longer recording is not one this site makes). */
export const MAX_CUE_TIME = 24 * 3600;
/** An uploaded caption file (413 past it). */
export const MAX_CAPTION_FILE_BYTES = 1024 * 1024;

/** Milliseconds are what WebVTT writes: times are kept to them, so what is served is what is kept. */
export function toMillis(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Why a cue cannot be kept, or null when it can. */
export function cueProblem(cue: Cue): string | null {
  if (!Number.isFinite(cue.start) || cue.start < 0) return 'start before 0';
  if (!Number.isFinite(cue.end) || cue.end > MAX_CUE_TIME) return 'end after 24 hours';
  if (cue.end < cue.start) return 'end before start';
  if (cue.end === cue.start) return 'end equals start (a cue must last)';
  if (cue.text.trim() === '') return 'no text';
  if (cue.text.length > MAX_CUE_TEXT) return `text over ${MAX_CUE_TEXT} characters`;
  return null;
}

/** Plain cue text as kept: lines trimmed, blank lines dropped (a blank line would end a WebVTT cue). */
export function cleanCueText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[\t ]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Cues in the order a player shows them: by start, then end. Cues out of order or overlapping are
 * put in order, never refused (WebVTT allows overlapping cues: two speakers at once).
 */
export function inCueOrder(cues: readonly Cue[]): Cue[] {
  return cues
    .map((cue) => ({ start: toMillis(cue.start), end: toMillis(cue.end), text: cleanCueText(cue.text) }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Cues shifted by `offset` seconds (a piece of audio transcribed alone starts at 0). */
export function shiftCues(cues: readonly Cue[], offset: number): Cue[] {
  return cues.map((cue) => ({ ...cue, start: toMillis(cue.start + offset), end: toMillis(cue.end + offset) }));
}

/** The text a search reads and a transcript shows: every cue's words, one space between. */
export function spokenText(cues: readonly Cue[]): string {
  return cues
    .map((cue) => cue.text.replace(/\n/g, ' '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
