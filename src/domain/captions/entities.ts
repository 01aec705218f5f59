import type { Cue } from './cues.ts';

export const CAPTION_SOURCES = ['auto', 'uploaded', 'edited'] as const;
export type CaptionSource = (typeof CAPTION_SOURCES)[number];
export const CAPTION_STATES = ['pending', 'ready', 'failed'] as const;
export type CaptionState = (typeof CAPTION_STATES)[number];

/**
 * One caption track of a story's video (docs/product/api-captions.md): its cues in one language,
 * where they came from (`auto`: the transcriber; `uploaded`: a file; `edited`: by hand after either)
 * and whether a person checked them. `videoUrl` is the video the cues were timed against: a new
 * video replaces the `auto` tracks, never the others. `version` counts its changes (409 stale_version).
 */
export interface CaptionTrack {
  id: string;
  storyId: number;
  videoUrl: string;
  /** BCP 47; `und` while a transcriber has not said which language it heard. */
  lang: string;
  label: string;
  source: CaptionSource;
  state: CaptionState;
  reviewed: boolean;
  version: number;
  cues: Cue[];
  /** Why the last transcription failed (staff only). */
  error: string | null;
  /** The stream whose live captions these are, while it is on air and after (null for a file's). */
  streamId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** What the API answers for a track: `cues` only in the single-track read the editor uses. */
export interface CaptionTrackAnswer {
  id: string;
  lang: string;
  label: string;
  kind: 'captions';
  source: CaptionSource;
  state: CaptionState;
  reviewed: boolean;
  version: number;
  url: string;
  updatedAt: string;
  cues?: Cue[];
  /** Staff only: why the transcription failed. */
  error?: string | null;
}

/** The language a track is in, unknown until the transcriber says. */
export const UNKNOWN_LANG = 'und';

/** Where a track's WebVTT is served (edge-cached; gated with its story). */
export function captionFileUrl(storyId: number, trackId: string): string {
  return `/api/stories/${storyId}/captions/${trackId}.vtt`;
}

/** A track's label when none was given: the language's own name where known, `(automatic)` for a transcriber's. */
export function defaultLabel(lang: string, source: CaptionSource, languageName: (lang: string) => string | null): string {
  const name = lang === UNKNOWN_LANG ? 'Captions' : (languageName(lang) ?? lang);
  return source === 'auto' ? `${name} (automatic)` : name;
}
