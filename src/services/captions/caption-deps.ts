import type { AudioExtractor, CaptionTrackRepository, Transcriber } from '../../domain/captions/ports.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { Clock } from '../../domain/time.ts';

/** What the caption use cases are given (adapters/compose.ts builds them). */
export interface CaptionDeps {
  stories: StoryRepository;
  captions: CaptionTrackRepository;
  /** Null: no transcriber is configured (Generate answers 503; uploads and edits still work). */
  transcriber: Transcriber | null;
  audio: AudioExtractor;
  jobs: JobFanOut;
  clock: Clock;
  /** A language's own name, e.g. `en` -> English (Intl.DisplayNames where there is one). */
  languageName: (lang: string) => string | null;
}
