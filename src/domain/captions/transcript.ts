import type { Cue } from './cues.ts';

/** A paragraph of a video's transcript: where it starts (a click seeks there) and its words. */
export interface TranscriptParagraph {
  start: number;
  text: string;
}

/** A pause this long between cues starts a new paragraph. */
export const PARAGRAPH_PAUSE_SECONDS = 2;
/** A paragraph this long ends at its next sentence's end, so a transcript without pauses still reads in paragraphs. */
export const PARAGRAPH_SECONDS = 30;

const SENTENCE_END = /[.!?…]["'”’)]?$/;

/** The cues read as paragraphs: one at each long pause, or at a sentence's end once a paragraph is long. */
export function transcriptParagraphs(cues: readonly Cue[]): TranscriptParagraph[] {
  const paragraphs: TranscriptParagraph[] = [];
  let current: { start: number; words: string[]; lastEnd: number } | null = null;
  for (const cue of cues) {
    const text = cue.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const previous = current?.words.at(-1) ?? '';
    const pause = current ? cue.start - current.lastEnd >= PARAGRAPH_PAUSE_SECONDS : false;
    const long = current ? cue.start - current.start >= PARAGRAPH_SECONDS && SENTENCE_END.test(previous) : false;
    if (!current || pause || long) {
      if (current) paragraphs.push({ start: current.start, text: current.words.join(' ') });
      current = { start: cue.start, words: [], lastEnd: cue.end };
    }
    current.words.push(text);
    current.lastEnd = Math.max(current.lastEnd, cue.end);
  }
  if (current) paragraphs.push({ start: current.start, text: current.words.join(' ') });
  return paragraphs;
}

/** A paragraph's time as a reader sees it: `1:05`, `1:02:03`. */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
