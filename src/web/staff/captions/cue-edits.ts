import type { Cue } from '../../../domain/captions/cues.ts';

/**
 * The caption desk's cue edits (issue 39 item 4), pure: a cue's times as people type them, split
 * and merge. The server checks every cue again (docs/product/api-captions.md).
 */

/** `m:ss.ttt` (or `h:mm:ss.ttt`), as the cue editor shows a time. */
export function formatCueTime(seconds: number): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = String(ms % 1000).padStart(3, '0');
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}.${rest}`;
}

/** A typed time: `1:02.5`, `0:07`, `1:02:03.250`, or plain seconds (`7.25`); null when it is none of them. */
export function parseCueTime(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d{1,3})?)$/.exec(value);
  if (!match) return null;
  const [, h = '0', m, s] = match;
  if (Number(m) >= 60 || Number(s) >= 60) return null;
  return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000) / 1000;
}

/** Cue `index` cut in two at the word nearest its middle; its time shared by the words' share of its text. */
export function splitCue(cues: readonly Cue[], index: number): Cue[] {
  const cue = cues[index];
  if (!cue) return [...cues];
  const words = cue.text.split(/\s+/).filter(Boolean);
  if (words.length < 2) return [...cues];
  let cut = 1;
  let best = Infinity;
  for (let i = 1; i < words.length; i++) {
    const before = words.slice(0, i).join(' ').length;
    const distance = Math.abs(before - (cue.text.length - before));
    if (distance < best) [best, cut] = [distance, i];
  }
  const first = words.slice(0, cut).join(' ');
  const second = words.slice(cut).join(' ');
  const at = Math.round((cue.start + ((cue.end - cue.start) * first.length) / (first.length + second.length)) * 1000) / 1000;
  return [
    ...cues.slice(0, index),
    { start: cue.start, end: at, text: first },
    { start: at, end: cue.end, text: second },
    ...cues.slice(index + 1),
  ];
}

/** Cue `index` and the next as one: from the first's start to the later end, their words in order. */
export function mergeWithNext(cues: readonly Cue[], index: number): Cue[] {
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) return [...cues];
  const merged = { start: Math.min(cue.start, next.start), end: Math.max(cue.end, next.end), text: `${cue.text} ${next.text}`.trim() };
  return [...cues.slice(0, index), merged, ...cues.slice(index + 2)];
}

/** The cue being said at `time` (the last that started by then and has not ended), or -1. */
export function cueAt(cues: readonly Cue[], time: number): number {
  for (let i = cues.length - 1; i >= 0; i--) if (cues[i]!.start <= time && time < cues[i]!.end) return i;
  return -1;
}
