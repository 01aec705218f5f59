import { cleanCueText, cueProblem, inCueOrder, MAX_CUES, type Cue } from './cues.ts';
import { formatVttTime, parseSrtTime, parseVttTime } from './timestamps.ts';

/**
 * Uploaded caption files: WebVTT (the W3C spec's parser rules, simplified to what a track keeps:
 * cues with plain text) and SubRip (.srt). A file is taken whole or refused at its first bad line,
 * named by number and why (`line 7: end before start`), so a reporter can find it in their editor.
 * Cue settings, STYLE and REGION blocks, NOTE comments and cue identifiers are read past and not kept;
 * markup in cue text (<b>, <v Speaker>, <c.class>) is dropped and character references decoded.
 */

export type CaptionFormat = 'webvtt' | 'subrip';

export type ParsedCaptions = { ok: true; format: CaptionFormat; cues: Cue[] } | { ok: false; line: number; reason: string };

class LineError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** What a refused file's error says: `line 7: end before start`. */
export function lineProblem(parsed: Extract<ParsedCaptions, { ok: false }>): string {
  return `line ${parsed.line}: ${parsed.reason}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f', quot: '"', apos: "'" };

/** Cue text as plain text: tags dropped, character references decoded. */
export function plainCueText(payload: string): string {
  return payload.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

interface Block {
  /** 1-based number of the block's first line. */
  line: number;
  lines: string[];
}

function blocksOf(lines: readonly string[], from: number): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (let i = from; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === '') {
      current = null;
      continue;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(text);
  }
  return blocks;
}

function checkedCue(cue: Cue, line: number, textLine: number): Cue {
  const problem = cueProblem(cue);
  if (problem === 'no text' || problem?.startsWith('text over')) throw new LineError(textLine, `cue ${problem}`);
  if (problem) throw new LineError(line, problem);
  return cue;
}

const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/;

function vttCue(block: Block): Cue | null {
  let at = 0;
  if (!block.lines[0]!.includes('-->')) at = 1; // a cue identifier
  const timingLine = block.lines[at];
  if (timingLine === undefined || !timingLine.includes('-->')) {
    // No timing after the "identifier": when that line was a timing written wrong, it is the one to name.
    const wrongTiming = at === 1 && /\d:\d\d/.test(block.lines[0]!);
    throw new LineError(wrongTiming ? block.line : block.line + at, 'expected a cue timing such as 00:00:01.000 --> 00:00:04.000');
  }
  const lineNumber = block.line + at;
  const match = TIMING.exec(timingLine.trim());
  const start = match ? parseVttTime(match[1]!) : null;
  const end = match ? parseVttTime(match[2]!) : null;
  if (start === null || end === null)
    throw new LineError(lineNumber, `not a cue timing (${timingLine.trim().slice(0, 60)}); write 00:00:01.000 --> 00:00:04.000`);
  const payload = block.lines.slice(at + 1);
  const arrow = payload.findIndex((text) => text.includes('-->'));
  if (arrow !== -1) throw new LineError(lineNumber + 1 + arrow, '"-->" inside a cue\'s text (is a blank line missing before this cue?)');
  const text = cleanCueText(plainCueText(payload.join('\n')));
  if (text === '') return null; // An empty cue shows nothing: it is not kept.
  return checkedCue({ start, end, text }, lineNumber, lineNumber + 1);
}

function parseWebVtt(lines: readonly string[]): Cue[] {
  const first = lines[0]!;
  if (!/^WEBVTT(?:$|[ \t])/.test(first)) throw new LineError(1, 'a WebVTT file starts with WEBVTT');
  // The header runs to the first blank line.
  let from = 1;
  while (from < lines.length && lines[from]!.trim() !== '') {
    if (lines[from]!.includes('-->')) throw new LineError(from + 1, 'a blank line must follow the WEBVTT line');
    from++;
  }
  const cues: Cue[] = [];
  for (const block of blocksOf(lines, from)) {
    const head = block.lines[0]!;
    if (/^(NOTE|STYLE|REGION)(?:$|[ \t])/.test(head)) {
      if (cues.length > 0 && head.startsWith('STYLE')) throw new LineError(block.line, 'a STYLE block must come before the first cue');
      continue;
    }
    const cue = vttCue(block);
    if (cue) cues.push(cue);
  }
  return cues;
}

function parseSubRip(lines: readonly string[]): Cue[] {
  const cues: Cue[] = [];
  for (const block of blocksOf(lines, 0)) {
    let at = 0;
    if (/^\d+$/.test(block.lines[0]!.trim())) at = 1;
    else if (!block.lines[0]!.includes('-->')) throw new LineError(block.line, 'expected a cue number');
    const timingLine = block.lines[at];
    const lineNumber = block.line + at;
    if (timingLine === undefined) throw new LineError(lineNumber, 'expected a cue timing such as 00:00:01,000 --> 00:00:04,000');
    const match = TIMING.exec(timingLine.trim());
    const start = match ? parseSrtTime(match[1]!) : null;
    const end = match ? parseSrtTime(match[2]!) : null;
    if (start === null || end === null)
      throw new LineError(lineNumber, `not a cue timing (${timingLine.trim().slice(0, 60)}); write 00:00:01,000 --> 00:00:04,000`);
    const text = cleanCueText(plainCueText(block.lines.slice(at + 1).join('\n')));
    if (text === '') continue;
    cues.push(checkedCue({ start, end, text }, lineNumber, lineNumber + 1));
  }
  return cues;
}

/** WebVTT when it says so on its first line; SubRip when it starts with a cue number and a timing. */
function formatOf(lines: readonly string[]): CaptionFormat | null {
  if (/^WEBVTT/.test(lines[0]!)) return 'webvtt';
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first !== -1 && /^\d+$/.test(lines[first]!.trim()) && lines[first + 1]?.includes('-->')) return 'subrip';
  return null;
}

/**
 * A caption file's text (decoded from UTF-8 by the caller, a BOM allowed) as cues in order, or its
 * first bad line. A file with no cue at all is refused: a track of nothing is no track.
 */
export function parseCaptionFile(text: string): ParsedCaptions {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const format = formatOf(lines);
  if (!format)
    return { ok: false, line: 1, reason: 'not a WebVTT file (it starts with WEBVTT) or a SubRip file (it starts with a cue number)' };
  try {
    const cues = format === 'webvtt' ? parseWebVtt(lines) : parseSubRip(lines);
    if (cues.length === 0) return { ok: false, line: lines.length, reason: 'the file has no cues' };
    if (cues.length > MAX_CUES) return { ok: false, line: lines.length, reason: `more than ${MAX_CUES} cues` };
    return { ok: true, format, cues: inCueOrder(cues) };
  } catch (error) {
    if (error instanceof LineError) return { ok: false, line: error.line, reason: error.reason };
    throw error;
  }
}

function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A valid WebVTT file of these cues (in order, `hh:mm:ss.ttt` timings, text escaped so that no
 * `-->` or markup can be read into it). `header` goes on the WEBVTT line's next lines (an HLS
 * segment's X-TIMESTAMP-MAP).
 */
export function toWebVtt(cues: readonly Cue[], header: readonly string[] = []): string {
  const out = ['WEBVTT', ...header, ''];
  for (const cue of inCueOrder(cues)) {
    out.push(`${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}`, escapeCueText(cue.text), '');
  }
  return `${out.join('\n')}\n`;
}
