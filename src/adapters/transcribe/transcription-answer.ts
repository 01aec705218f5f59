import { z } from 'zod';
import { cleanCueText, cueProblem, type Cue } from '../../domain/captions/cues.ts';
import type { TranscribeOutcome } from '../../domain/captions/ports.ts';

/**
 * What a transcriber answered, checked before a word of it is kept (docs/product/api-captions.md):
 * OpenAI's verbose_json (`{"text","language","duration","segments":[{"start","end","text"}]}`) and
 * Workers AI's whisper answer (`segments` the same, `transcription_info.language`). Anything else is
 * garbage: the track fails with the reason, never a broken VTT.
 */
const segmentSchema = z.object({ start: z.number().finite().min(0), end: z.number().finite().min(0), text: z.string() });
const answerSchema = z.object({
  text: z.string().optional(),
  language: z.string().nullish(),
  transcription_info: z.object({ language: z.string().nullish() }).nullish(),
  segments: z.array(z.unknown()),
});

/** Whisper names languages in English ("english") in verbose_json; BCP 47 is what a track keeps. */
const WHISPER_NAMES: Record<string, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  russian: 'ru',
  chinese: 'zh',
  japanese: 'ja',
  korean: 'ko',
  arabic: 'ar',
  hindi: 'hi',
  turkish: 'tr',
  polish: 'pl',
  ukrainian: 'uk',
  swedish: 'sv',
  norwegian: 'no',
  danish: 'da',
  finnish: 'fi',
  greek: 'el',
  hebrew: 'he',
  indonesian: 'id',
  vietnamese: 'vi',
};

export function languageTag(name: string | null | undefined): string | null {
  if (!name) return null;
  const lower = name.trim().toLowerCase();
  if (/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(lower)) return lower;
  return WHISPER_NAMES[lower] ?? null;
}

export function transcriptionFrom(body: unknown, pieceSeconds: number): TranscribeOutcome {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, retry: false, error: 'the transcriber answered something that is not a transcription (no segments)' };
  const segments: Cue[] = [];
  for (const [i, raw] of parsed.data.segments.entries()) {
    const segment = segmentSchema.safeParse(raw);
    if (!segment.success) return { ok: false, retry: false, error: `the transcriber's segment ${i} is not {start, end, text}` };
    const text = cleanCueText(segment.data.text);
    if (text === '') continue;
    // Whisper may end the last segment a little past the audio; more than a second past is nonsense.
    const cue = { start: segment.data.start, end: Math.min(segment.data.end, pieceSeconds + 1), text: text.slice(0, 500) };
    const problem = cueProblem(cue);
    if (problem) return { ok: false, retry: false, error: `the transcriber's segment ${i} has ${problem}` };
    if (cue.start > pieceSeconds + 1)
      return { ok: false, retry: false, error: `the transcriber's segment ${i} starts after the audio ends` };
    segments.push(cue);
  }
  return {
    ok: true,
    transcription: { language: languageTag(parsed.data.language ?? parsed.data.transcription_info?.language), segments },
  };
}
