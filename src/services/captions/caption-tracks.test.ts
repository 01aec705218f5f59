import { describe, expect, it } from 'vitest';
import type { CaptionTrack } from '../../domain/captions/entities.ts';
import type {
  AudioPiece,
  CaptionChange,
  CaptionTrackRepository,
  NewCaptionTrack,
  SaveOutcome,
  Transcriber,
  TranscribeOutcome,
} from '../../domain/captions/ports.ts';
import { AudioNotReadableError } from '../../domain/captions/ports.ts';
import type { NewJob } from '../../domain/jobs/job.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { CaptionDeps } from './caption-deps.ts';
import { captionNewVideo, generateCaptionTrack } from './caption-tracks.ts';
import { transcribeTrack } from './transcribe-track.ts';

/** In-memory ports: the use cases' rules, without D1 (tests/api/captions.test.ts has the real thing). */
class MemoryTracks implements CaptionTrackRepository {
  readonly tracks = new Map<string, CaptionTrack>();
  readonly jobs: NewJob[] = [];
  async listForStory(storyId: number) {
    return [...this.tracks.values()].filter((track) => track.storyId === storyId);
  }
  async find(storyId: number, id: string) {
    const track = this.tracks.get(id);
    return track?.storyId === storyId ? track : null;
  }
  async findById(id: string) {
    return this.tracks.get(id) ?? null;
  }
  async create(track: NewCaptionTrack, now: string, job?: NewJob) {
    const made: CaptionTrack = {
      ...track,
      streamId: track.streamId ?? null,
      reviewed: false,
      version: 1,
      error: null,
      createdAt: now,
      updatedAt: now,
    };
    this.tracks.set(track.id, made);
    if (job) this.jobs.push(job);
    return made;
  }
  async save(id: string, version: number, change: CaptionChange, now: string, job?: NewJob): Promise<SaveOutcome> {
    const track = this.tracks.get(id);
    if (!track) return { gone: true };
    if (track.version !== version) return { stale: track };
    const saved = { ...track, ...change, version: version + 1, updatedAt: now } as CaptionTrack;
    this.tracks.set(id, saved);
    if (job) this.jobs.push(job);
    return { saved };
  }
  async remove(storyId: number, id: string) {
    return this.tracks.get(id)?.storyId === storyId && this.tracks.delete(id);
  }
  async replaceAutoTracks(storyId: number, track: NewCaptionTrack | null, now: string, job?: NewJob) {
    for (const [id, old] of this.tracks)
      if (old.storyId === storyId && old.source === 'auto' && old.streamId === null) this.tracks.delete(id);
    return track ? this.create(track, now, job) : null;
  }
}

function piece(index: number, start: number): AudioPiece {
  return { index, start, duration: 600, bytes: new Uint8Array(4), contentType: 'audio/webm', filename: `audio-${index}.webm` };
}

function depsWith(transcriber: Transcriber | null, pieces: AudioPiece[] | Error, story: Partial<Story> = {}) {
  const captions = new MemoryTracks();
  const sent: string[] = [];
  const deps: CaptionDeps = {
    stories: {
      findById: async (id: number) => ({
        id,
        authorId: 1,
        status: 'draft',
        videoUrl: '/media/videos/2026/01/a.webm',
        access: 'public',
        ...story,
      }),
    } as never,
    captions,
    transcriber,
    audio: {
      pieces: async () =>
        (async function* () {
          if (pieces instanceof Error) throw pieces;
          yield* pieces;
        })(),
    },
    jobs: { ledger: {} as never, queue: { send: async (messages) => void sent.push(...messages.map((m) => m.jobId)) } },
    clock: { now: () => '2026-01-01T00:00:00.000Z' },
    languageName: (lang) => (lang === 'en' ? 'English' : null),
  };
  return { deps, captions, sent };
}

function saying(answers: (TranscribeOutcome | ((piece: AudioPiece) => TranscribeOutcome))[]): Transcriber {
  let i = 0;
  return {
    name: 'memory',
    transcribe: async (p) => {
      const answer = answers[Math.min(i++, answers.length - 1)]!;
      return typeof answer === 'function' ? answer(p) : answer;
    },
  };
}

const words = (...segments: [number, number, string][]): TranscribeOutcome => ({
  ok: true,
  transcription: { language: 'en', segments: segments.map(([start, end, text]) => ({ start, end, text })) },
});

async function newAutoTrack(deps: CaptionDeps) {
  await captionNewVideo(deps, { id: 7, videoUrl: '/media/videos/2026/01/a.webm' });
  return (await deps.captions.listForStory(7))[0]!;
}

describe('the transcription job', () => {
  it('shifts each piece’s cues by where it starts, and keeps the language it heard', async () => {
    const { deps, captions } = depsWith(saying([words([1, 2, 'first']), words([0.5, 1.5, 'second'])]), [piece(0, 0), piece(1, 600)]);
    const track = await newAutoTrack(deps);
    expect(track).toMatchObject({ state: 'pending', lang: 'und', source: 'auto' });
    expect(await transcribeTrack(deps, `${track.id}:1`, { lastAttempt: false })).toEqual({ status: 'done' });
    expect(captions.tracks.get(track.id)).toMatchObject({
      state: 'ready',
      lang: 'en',
      label: 'English (automatic)',
      cues: [
        { start: 1, end: 2, text: 'first' },
        { start: 600.5, end: 601.5, text: 'second' },
      ],
    });
  });

  it('a busy transcriber is retried, and fails the track on the last run with its reason', async () => {
    const busy: TranscribeOutcome = { ok: false, retry: true, error: 'the transcriber answered 429', retryAfterSeconds: 20 };
    const { deps, captions } = depsWith(saying([busy]), [piece(0, 0)]);
    const track = await newAutoTrack(deps);
    expect(await transcribeTrack(deps, `${track.id}:1`, { lastAttempt: false })).toEqual({
      status: 'retry',
      error: 'the transcriber answered 429 (audio piece 1, from 0 s)',
      notBeforeSeconds: 20,
    });
    expect(captions.tracks.get(track.id)!.state).toBe('pending');
    expect(await transcribeTrack(deps, `${track.id}:1`, { lastAttempt: true })).toMatchObject({ status: 'failed' });
    expect(captions.tracks.get(track.id)).toMatchObject({
      state: 'failed',
      error: 'the transcriber answered 429 (audio piece 1, from 0 s)',
    });
  });

  it('a video whose audio cannot be read fails at once', async () => {
    const { deps, captions } = depsWith(saying([words()]), new AudioNotReadableError('the video has no audio track'));
    const track = await newAutoTrack(deps);
    expect(await transcribeTrack(deps, `${track.id}:1`, { lastAttempt: false })).toMatchObject({ status: 'failed' });
    expect(captions.tracks.get(track.id)!.error).toBe("The video's audio cannot be read: the video has no audio track.");
  });

  it('leaves a track alone that changed since the job started', async () => {
    const { deps, captions } = depsWith(saying([words([1, 2, 'late'])]), [piece(0, 0)]);
    const track = await newAutoTrack(deps);
    await captions.save(track.id, 1, { cues: [{ start: 0, end: 1, text: 'by hand' }], source: 'edited', state: 'ready' }, 'now');
    expect(await transcribeTrack(deps, `${track.id}:1`, { lastAttempt: false })).toEqual({ status: 'done' });
    expect(captions.tracks.get(track.id)!.cues).toEqual([{ start: 0, end: 1, text: 'by hand' }]);
  });
});

describe('a new video and Generate', () => {
  it('replaces automatic tracks only, and starts nothing without a transcriber', async () => {
    const { deps, captions, sent } = depsWith(null, []);
    await captions.create(
      { id: 'kept', storyId: 7, videoUrl: 'old', lang: 'en', label: 'English', source: 'uploaded', state: 'ready', cues: [] },
      'then',
    );
    await captions.create(
      { id: 'gone', storyId: 7, videoUrl: 'old', lang: 'en', label: 'English', source: 'auto', state: 'ready', cues: [] },
      'then',
    );
    await captionNewVideo(deps, { id: 7, videoUrl: '/media/videos/2026/01/a.webm' });
    expect([...captions.tracks.keys()]).toEqual(['kept']);
    expect(sent).toEqual([]);
    await expect(generateCaptionTrack(deps, { id: 1, role: 'reporter' } as never, 7, undefined)).rejects.toMatchObject({
      code: 'transcription_not_configured',
    });
  });

  it('Generate starts the existing automatic track again, at its next version', async () => {
    const { deps, captions, sent } = depsWith(saying([words()]), []);
    const track = await newAutoTrack(deps);
    const again = await generateCaptionTrack(deps, { id: 1, role: 'reporter' } as never, 7, 'en');
    expect(again).toMatchObject({ id: track.id, state: 'pending', lang: 'en', version: 2 });
    expect(captions.jobs.map((job) => job.ref)).toEqual([`${track.id}:1`, `${track.id}:2`]);
    expect(sent).toHaveLength(2);
  });
});
