import type { NewJob } from '../jobs/job.ts';
import type { Cue } from './cues.ts';
import type { CaptionSource, CaptionState, CaptionTrack } from './entities.ts';

/** A piece of a video's audio, in a container a transcription API takes (WebM/Ogg Opus, M4A AAC). */
export interface AudioPiece {
  /** Its number, from 0. */
  index: number;
  bytes: Uint8Array;
  contentType: string;
  /** A file name with the container's extension: OpenAI's API tells formats by it. */
  filename: string;
  /** Seconds from the video's start where this piece starts: its cues are shifted by it. */
  start: number;
  duration: number;
}

export interface Transcription {
  /** The language heard (BCP 47 / ISO 639-1), when the transcriber says. */
  language: string | null;
  /** Cues timed from the start of the piece. */
  segments: Cue[];
}

/**
 * What a transcriber answered: words, a failure worth trying again (429, 5xx, a timeout: the job
 * retries with backoff, or as the server asked), or one that will not change (the answer was garbage).
 */
export type TranscribeOutcome =
  { ok: true; transcription: Transcription } | { ok: false; retry: boolean; error: string; retryAfterSeconds?: number };

/** Speech to timed text (adapters/transcribe/: Workers AI, or any server speaking OpenAI's API at TRANSCRIBE_URL). */
export interface Transcriber {
  /** Names it for staff and the logs: `openai-compatible (whisper-1)`, `workers-ai`. */
  readonly name: string;
  transcribe(piece: AudioPiece, options: { language: string | null }): Promise<TranscribeOutcome>;
}

/** A video whose audio cannot be read: not WebM or MP4, no audio track, damaged. Retrying changes nothing. */
export class AudioNotReadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioNotReadableError';
  }
}

/** A video's audio, taken out of the file it is in (src/media/audio/): pieces in order, at most 10 minutes each. */
export interface AudioExtractor {
  /** The audio of the video at `videoUrl`, a piece at a time (iterating throws AudioNotReadableError); null when the video is not ours or is gone. */
  pieces(videoUrl: string): Promise<AsyncIterable<AudioPiece> | null>;
}

export interface NewCaptionTrack {
  id: string;
  storyId: number;
  videoUrl: string;
  lang: string;
  label: string;
  source: CaptionSource;
  state: CaptionState;
  cues: Cue[];
  streamId?: number | null;
}

/** The change a save makes; the repository adds one to the version. */
export interface CaptionChange {
  cues?: Cue[];
  source?: CaptionSource;
  state?: CaptionState;
  reviewed?: boolean;
  lang?: string;
  label?: string;
  error?: string | null;
}

export type SaveOutcome = { saved: CaptionTrack } | { stale: CaptionTrack } | { gone: true };

/** Caption tracks in D1 (migrations/0080). Every write that starts a transcription writes its job in the same batch. */
export interface CaptionTrackRepository {
  listForStory(storyId: number): Promise<CaptionTrack[]>;
  find(storyId: number, trackId: string): Promise<CaptionTrack | null>;
  findById(trackId: string): Promise<CaptionTrack | null>;
  create(track: NewCaptionTrack, now: string, job?: NewJob): Promise<CaptionTrack>;
  /** Applies `change` only while the track is at `version`: `stale` carries the track as it is. */
  save(trackId: string, version: number, change: CaptionChange, now: string, job?: NewJob): Promise<SaveOutcome>;
  remove(storyId: number, trackId: string): Promise<boolean>;
  /**
   * A new video for the story: its `auto` tracks go (they were timed against the old one) and `track`
   * (pending, with its job) takes their place; `uploaded` and `edited` tracks stay.
   */
  replaceAutoTracks(storyId: number, track: NewCaptionTrack | null, now: string, job?: NewJob): Promise<CaptionTrack | null>;
}
