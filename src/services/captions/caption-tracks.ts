import { lineProblem, parseCaptionFile } from '../../domain/captions/caption-file.ts';
import { cueProblem, inCueOrder, MAX_CAPTION_FILE_BYTES, type Cue } from '../../domain/captions/cues.ts';
import { captionFileUrl, defaultLabel, UNKNOWN_LANG, type CaptionTrack, type CaptionTrackAnswer } from '../../domain/captions/entities.ts';
import type { CaptionEdit } from '../../domain/captions/schemas.ts';
import {
  ConflictError,
  NotConfiguredError,
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
  ValidationError,
} from '../../domain/errors.ts';
import type { NewJob } from '../../domain/jobs/job.ts';
import { canRead, type ReaderLevel } from '../../domain/members/access.ts';
import { videoSource } from '../../domain/media/video-source.ts';
import { policy, visibleOr404 } from '../../domain/permissions.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import type { LiveStreamRepository } from '../../domain/live-video/ports.ts';
import { sendJobMessages } from '../jobs/start-jobs.ts';
import { editableOrThrow } from '../story/story-save.ts';
import type { CaptionDeps } from './caption-deps.ts';

/**
 * Caption tracks of a story's video (docs/product/api-captions.md). Readers see the ready tracks of a
 * story they may read whole (a gated story's captions follow its text: none without access); the
 * story's author, editors and admins see every track, with why a transcription failed, and change them.
 */

/** A job per transcription of a track: its ref names the track and the version it was started at. */
export function transcriptionJob(track: Pick<CaptionTrack, 'id' | 'version'>): NewJob {
  return { id: crypto.randomUUID(), kind: 'captions.transcribe', ref: `${track.id}:${track.version}` };
}

export function trackAnswer(track: CaptionTrack, options: { cues?: boolean; staff?: boolean } = {}): CaptionTrackAnswer {
  return {
    id: track.id,
    lang: track.lang,
    label: track.label,
    kind: 'captions',
    source: track.source,
    state: track.state,
    reviewed: track.reviewed,
    version: track.version,
    url: captionFileUrl(track.storyId, track.id),
    updatedAt: track.updatedAt,
    ...(options.cues ? { cues: track.cues } : {}),
    ...(options.staff ? { error: track.error } : {}),
  };
}

/** The story's own video file (an upload, a recording), which captions can be timed against; null for none or a YouTube link. */
export function ownVideoOf(story: Pick<Story, 'videoUrl'>): string | null {
  const source = videoSource(story.videoUrl);
  return source?.kind === 'file' ? source.src : null;
}

export interface CaptionReader {
  user: User | null;
  level: ReaderLevel;
}

/** The story as this caller may see its captions: `staff` when they may change them; null tracks when a gate hides them. */
async function storyFor(deps: CaptionDeps, reader: CaptionReader, storyId: number) {
  const story = visibleOr404(reader.user, await deps.stories.findById(storyId));
  const staff = reader.user !== null && policy.canEditStory(reader.user, story);
  const allowed = reader.user !== null || canRead(story.access, reader.level);
  return { story, staff, allowed };
}

/** GET /api/stories/{id}/captions: the tracks this caller may see (readers: ready ones, of a story they may read whole). */
export async function listCaptionTracks(deps: CaptionDeps, reader: CaptionReader, storyId: number) {
  const { story, staff, allowed } = await storyFor(deps, reader, storyId);
  if (!allowed) return { story, tracks: [] as CaptionTrackAnswer[] };
  const tracks = await deps.captions.listForStory(storyId);
  return { story, tracks: tracks.filter((track) => staff || track.state === 'ready').map((track) => trackAnswer(track, { staff })) };
}

/** The ready tracks' cues a reader may see (the story page: <track>, the transcript, JSON-LD, search). */
export async function readableTracks(deps: Pick<CaptionDeps, 'captions'>, story: Story, level: ReaderLevel): Promise<CaptionTrack[]> {
  if (!canRead(story.access, level) || !ownVideoOf(story)) return [];
  return (await deps.captions.listForStory(story.id)).filter((track) => track.state === 'ready' && track.cues.length > 0);
}

/** One track with its cues (the editor's read, and the served VTT). 404 for a track a reader may not see. */
export async function readCaptionTrack(deps: CaptionDeps, reader: CaptionReader, storyId: number, trackId: string) {
  const { story, staff, allowed } = await storyFor(deps, reader, storyId);
  const track = allowed ? await deps.captions.find(storyId, trackId) : null;
  if (!track || (!staff && track.state !== 'ready')) throw new NotFoundError('Caption track');
  return { story, track, staff };
}

async function editableVideoStory(deps: CaptionDeps, user: User, storyId: number): Promise<{ story: Story; videoUrl: string }> {
  const story = editableOrThrow(user, await deps.stories.findById(storyId));
  const videoUrl = ownVideoOf(story);
  if (!videoUrl) throw new UnprocessableError('no_video', 'This story has no video of its own to caption (upload or record one first).');
  return { story, videoUrl };
}

/** POST /api/stories/{id}/captions: a WebVTT or SubRip file becomes an `uploaded` track (its first bad line refused by number). */
export async function uploadCaptionTrack(
  deps: CaptionDeps,
  user: User,
  storyId: number,
  upload: { file: Uint8Array; lang: string; label?: string },
): Promise<CaptionTrackAnswer> {
  const { videoUrl } = await editableVideoStory(deps, user, storyId);
  if (upload.file.length > MAX_CAPTION_FILE_BYTES)
    throw new PayloadTooLargeError('A caption file is at most 1 MB', { file: 'At most 1 MB' });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(upload.file);
  } catch {
    throw new ValidationError(
      { file: `line ${lineOfBadByte(upload.file)}: not UTF-8 text (save the file as UTF-8)` },
      'The file is not a caption file',
    );
  }
  const parsed = parseCaptionFile(text);
  if (!parsed.ok) throw new ValidationError({ file: lineProblem(parsed) }, 'The file is not a well-formed WebVTT or SubRip file');
  const track = await deps.captions.create(
    {
      id: crypto.randomUUID(),
      storyId,
      videoUrl,
      lang: upload.lang,
      label: upload.label ?? defaultLabel(upload.lang, 'uploaded', deps.languageName),
      source: 'uploaded',
      state: 'ready',
      cues: parsed.cues,
    },
    deps.clock.now(),
  );
  return trackAnswer(track, { cues: true, staff: true });
}

function lineOfBadByte(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return line;
}

/** Cues sent by the editor, each checked; the first bad one named by its number. */
function checkedCues(cues: readonly Cue[]): Cue[] {
  const fields: Record<string, string> = {};
  cues.forEach((cue, i) => {
    const problem = cueProblem(cue);
    if (problem && Object.keys(fields).length < 20) fields[`cues.${i}`] = `Cue ${i + 1}: ${problem}`;
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields, 'Some cues are not valid');
  return inCueOrder(cues);
}

function staleTrack(current: CaptionTrack): ConflictError {
  return new ConflictError(
    'stale_version',
    'These captions were changed since you opened them. Reload them to see the changes.',
    undefined,
    {
      current: trackAnswer(current, { cues: true, staff: true }),
    },
  );
}

/** PUT /api/stories/{id}/captions/{trackId}: the cues as the editor has them, only at the version it read. */
export async function editCaptionTrack(deps: CaptionDeps, user: User, storyId: number, trackId: string, edit: CaptionEdit) {
  editableOrThrow(user, await deps.stories.findById(storyId));
  const track = await deps.captions.find(storyId, trackId);
  if (!track) throw new NotFoundError('Caption track');
  if (track.version !== edit.version) throw staleTrack(track);
  const cues = checkedCues(edit.cues);
  const outcome = await deps.captions.save(
    trackId,
    edit.version,
    {
      cues,
      source: 'edited',
      state: 'ready',
      error: null,
      ...(edit.reviewed !== undefined ? { reviewed: edit.reviewed } : {}),
      ...(edit.label !== undefined ? { label: edit.label } : {}),
    },
    deps.clock.now(),
  );
  if ('stale' in outcome) throw staleTrack(outcome.stale);
  if ('gone' in outcome) throw new NotFoundError('Caption track');
  return trackAnswer(outcome.saved, { cues: true, staff: true });
}

/** DELETE /api/stories/{id}/captions/{trackId}. */
export async function deleteCaptionTrack(deps: CaptionDeps, user: User, storyId: number, trackId: string): Promise<void> {
  editableOrThrow(user, await deps.stories.findById(storyId));
  if (!(await deps.captions.remove(storyId, trackId))) throw new NotFoundError('Caption track');
}

/**
 * POST /api/stories/{id}/captions/generate: the transcriber makes (again) the story's `auto` track in
 * `lang` (unknown: the transcriber says). 503 without a transcriber; the track answers pending at once.
 */
export async function generateCaptionTrack(deps: CaptionDeps, user: User, storyId: number, lang: string | undefined) {
  if (!deps.transcriber) {
    throw new NotConfiguredError(
      'transcription_not_configured',
      'No transcriber is configured: set TRANSCRIBE_URL, or bind Workers AI as AI.',
    );
  }
  const { videoUrl } = await editableVideoStory(deps, user, storyId);
  const now = deps.clock.now();
  const existing = (await deps.captions.listForStory(storyId)).find(
    (track) =>
      track.source === 'auto' && track.streamId === null && (lang === undefined || track.lang === lang || track.lang === UNKNOWN_LANG),
  );
  let track: CaptionTrack;
  if (existing && existing.videoUrl === videoUrl) {
    const job = transcriptionJob({ id: existing.id, version: existing.version + 1 });
    const outcome = await deps.captions.save(
      existing.id,
      existing.version,
      { state: 'pending', error: null, lang: lang ?? existing.lang },
      now,
      job,
    );
    if (!('saved' in outcome)) throw new ConflictError('stale_version', 'These captions changed meanwhile; try again.');
    track = outcome.saved;
    await sendJobMessages(deps.jobs.queue, [job]);
  } else {
    track = await startAutoTrack(deps, storyId, videoUrl, lang ?? UNKNOWN_LANG, now, !existing);
  }
  return trackAnswer(track, { staff: true });
}

/** A new pending `auto` track and its job; `replace`: the story's other `auto` tracks go (a new video). */
async function startAutoTrack(
  deps: CaptionDeps,
  storyId: number,
  videoUrl: string,
  lang: string,
  now: string,
  add: boolean,
): Promise<CaptionTrack> {
  const id = crypto.randomUUID();
  const job = transcriptionJob({ id, version: 1 });
  const track = {
    id,
    storyId,
    videoUrl,
    lang,
    label: defaultLabel(lang, 'auto', deps.languageName),
    source: 'auto' as const,
    state: 'pending' as const,
    cues: [],
  };
  const created = add ? await deps.captions.create(track, now, job) : await deps.captions.replaceAutoTracks(storyId, track, now, job);
  await sendJobMessages(deps.jobs.queue, [job]);
  return created!;
}

/**
 * After a story's video changed (an upload, a recording attached, the end of a stream): its `auto`
 * tracks were timed against the old video and go; with a transcriber, a new one is started. Uploaded
 * and edited tracks stay. Does nothing when the video is the one the tracks already follow.
 */
export async function captionNewVideo(deps: CaptionDeps, story: Pick<Story, 'id' | 'videoUrl'>): Promise<void> {
  const videoUrl = ownVideoOf(story);
  const tracks = await deps.captions.listForStory(story.id);
  const autos = tracks.filter((track) => track.source === 'auto' && track.streamId === null);
  if (videoUrl && autos.some((track) => track.videoUrl === videoUrl)) return;
  const now = deps.clock.now();
  if (!videoUrl || !deps.transcriber) {
    if (autos.length > 0) await deps.captions.replaceAutoTracks(story.id, null, now);
    return;
  }
  await startAutoTrack(deps, story.id, videoUrl, UNKNOWN_LANG, now, false);
}

/** What a stream's room heard while it was on air (decision 128). */
export interface LiveCaptions {
  cues: Cue[];
  language: string | null;
  /** Every window of the stream was heard: these cues are the recording's whole track. */
  complete: boolean;
}

/**
 * After a stream ended: its recording, now the story's video, keeps the captions heard on air as its
 * `auto` track, ready at once (its times are the recording's); when some of the stream was not
 * heard (a window given up, no transcriber while on air), the recording is transcribed whole as any
 * new video is. Safe to run again.
 */
export async function captionStreamRecording(
  deps: CaptionDeps & { liveStreams: LiveStreamRepository },
  streamId: number,
  live: LiveCaptions | null = null,
): Promise<void> {
  const stream = await deps.liveStreams.findById(streamId);
  const story = stream && (await deps.stories.findById(stream.storyId));
  if (!story) return;
  const videoUrl = ownVideoOf(story);
  if (!videoUrl || !live?.complete) return captionNewVideo(deps, story);
  const tracks = await deps.captions.listForStory(story.id);
  if (tracks.some((track) => track.streamId === streamId)) return;
  const lang = live.language ?? UNKNOWN_LANG;
  await deps.captions.replaceAutoTracks(
    story.id,
    {
      id: crypto.randomUUID(),
      storyId: story.id,
      videoUrl,
      lang,
      label: defaultLabel(lang, 'auto', deps.languageName),
      source: 'auto',
      state: 'ready',
      cues: inCueOrder(live.cues),
      streamId,
    },
    deps.clock.now(),
  );
}
