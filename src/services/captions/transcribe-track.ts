import { inCueOrder, shiftCues, type Cue } from '../../domain/captions/cues.ts';
import { defaultLabel, UNKNOWN_LANG } from '../../domain/captions/entities.ts';
import { AudioNotReadableError } from '../../domain/captions/ports.ts';
import { jobDone, type JobOutcome } from '../../domain/jobs/job.ts';
import type { CaptionDeps } from './caption-deps.ts';

export interface TranscribeRun {
  /** The job's last run: a failure now is the track's (`failed` with its reason), not a retry. */
  lastAttempt: boolean;
  /** Called once the track changed (ready or failed): the edge cache's copies of it are renewed. */
  changed?: () => Promise<void>;
}

const MAX_ERROR_LENGTH = 500;

/**
 * The job `captions.transcribe` (ref `{trackId}:{version}`, decision 126): the video's audio a piece
 * at a time to the transcriber, each piece's cues shifted by where it starts, the whole track saved
 * at once (ready), or `failed` with the reason staff see. A track changed since (edited, generated
 * again, deleted) is left alone: its version moved on.
 */
export async function transcribeTrack(deps: CaptionDeps, ref: string, run: TranscribeRun): Promise<JobOutcome> {
  const [trackId = '', versionText = ''] = ref.split(':');
  const version = Number(versionText);
  const track = await deps.captions.findById(trackId);
  if (!track || track.version !== version || track.state !== 'pending') return jobDone;

  const fail = async (error: string): Promise<JobOutcome> => {
    const reason = error.slice(0, MAX_ERROR_LENGTH);
    await deps.captions.save(track.id, version, { state: 'failed', error: reason }, deps.clock.now());
    await run.changed?.();
    return { status: 'failed', error: reason };
  };
  if (!deps.transcriber) return fail('No transcriber is configured.');
  const pieces = await deps.audio.pieces(track.videoUrl);
  if (!pieces) return fail('The video is gone.');

  const cues: Cue[] = [];
  let heard: string | null = null;
  let piecesDone = 0;
  try {
    for await (const piece of pieces) {
      const outcome = await deps.transcriber.transcribe(piece, { language: track.lang === UNKNOWN_LANG ? null : track.lang });
      if (!outcome.ok) {
        const error = `${outcome.error} (audio piece ${piece.index + 1}, from ${Math.round(piece.start)} s)`;
        if (outcome.retry && !run.lastAttempt) return { status: 'retry', error, notBeforeSeconds: outcome.retryAfterSeconds };
        return fail(error);
      }
      heard ??= outcome.transcription.language;
      cues.push(...shiftCues(outcome.transcription.segments, piece.start));
      piecesDone++;
    }
  } catch (error) {
    if (error instanceof AudioNotReadableError) return fail(`The video's audio cannot be read: ${error.message}.`);
    throw error;
  }
  if (piecesDone === 0) return fail('The video has no audio.');
  const lang = track.lang === UNKNOWN_LANG && heard ? heard : track.lang;
  await deps.captions.save(
    track.id,
    version,
    {
      cues: inCueOrder(cues),
      state: 'ready',
      error: null,
      lang,
      ...(lang !== track.lang ? { label: defaultLabel(lang, 'auto', deps.languageName) } : {}),
    },
    deps.clock.now(),
  );
  await run.changed?.();
  return jobDone;
}
