/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { CAPTIONS_BUTTON_PART } from '../../contract/island-parts.ts';
import { ISLANDS, TRANSCRIPT_START_ATTRIBUTE } from '../../contract/page-contract.ts';
import { captionFileUrl, type CaptionTrack } from '../../domain/captions/entities.ts';
import { clockTime, transcriptParagraphs } from '../../domain/captions/transcript.ts';
import { island, part } from '../island.ts';

/**
 * A recorded video's captions on a reader's page (decision 129): a `<track>` per ready track the
 * reader may see (none shown until the reader turns captions on: the CC button, off by default), and
 * the transcript under the video, each paragraph with its time. The video-captions island (beside
 * this file) makes the CC button work and the paragraphs play the video from where they are said;
 * without it, the browser's own controls still offer the tracks and the transcript still reads.
 */

export type VideoCaptionTrack = Pick<CaptionTrack, 'id' | 'storyId' | 'lang' | 'label' | 'cues' | 'reviewed' | 'source'>;

/** The track the transcript is read from: one a person checked, else one a person made, else the first. */
export function transcriptTrack<T extends Pick<CaptionTrack, 'reviewed' | 'source'>>(tracks: readonly T[]): T | undefined {
  return tracks.find((track) => track.reviewed) ?? tracks.find((track) => track.source !== 'auto') ?? tracks[0];
}

/** The transcript as one text (JSON-LD's `transcript`): its paragraphs, a blank line between. */
export function transcriptText(tracks: readonly VideoCaptionTrack[]): string | null {
  const track = transcriptTrack(tracks);
  if (!track) return null;
  const text = transcriptParagraphs(track.cues)
    .map((paragraph) => paragraph.text)
    .join('\n\n');
  return text || null;
}

export function CaptionTracks({ tracks }: { tracks: readonly VideoCaptionTrack[] }) {
  return (
    <>
      {tracks.map((track) => (
        <track kind="captions" srclang={track.lang} label={track.label} src={captionFileUrl(track.storyId, track.id)} />
      ))}
    </>
  );
}

/** The CC button over the player: hidden until its island finds the video's tracks. */
export function CaptionsButton() {
  return (
    <button type="button" class="captions-button" aria-pressed="false" hidden {...part(CAPTIONS_BUTTON_PART)}>
      <span aria-hidden="true">CC</span>
      <span class="visually-hidden">Captions</span>
    </button>
  );
}

/** "Transcript" under the video: its paragraphs, each with the time it is said. */
export function Transcript({ tracks }: { tracks: readonly VideoCaptionTrack[] }) {
  const track = transcriptTrack(tracks);
  const paragraphs = track ? transcriptParagraphs(track.cues) : [];
  if (!track || paragraphs.length === 0) return null;
  const headingId = `transcript-heading-${track.storyId}`;
  return (
    <details class="video-transcript">
      <summary id={headingId}>
        Transcript <span class="transcript-label">{track.label}</span>
      </summary>
      <ol class="transcript-paragraphs" aria-labelledby={headingId}>
        {paragraphs.map((paragraph) => (
          <li class="transcript-paragraph" {...{ [TRANSCRIPT_START_ATTRIBUTE]: paragraph.start }}>
            <button type="button" class="transcript-time" aria-label={`Play from ${clockTime(paragraph.start)}`}>
              {clockTime(paragraph.start)}
            </button>{' '}
            <span class="transcript-text">{paragraph.text}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The island's attributes for the video and its transcript. */
export const videoCaptionsIsland = () => island(ISLANDS.videoCaptions);
