import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { ISLANDS, TRANSCRIPT_START_ATTRIBUTE } from '../../../contract/page-contract.ts';
import { captionFileUrl, type CaptionTrack } from '../../../domain/captions/entities.ts';
import { clockTime, transcriptParagraphs } from '../../../domain/captions/transcript.ts';
import { island } from './islands.ts';

/**
 * A recorded video's captions on a reader's page (decision 129): a `<track>` per ready track the
 * reader may see (none shown until the reader turns captions on: the CC button, off by default), and
 * the transcript under the video, each paragraph with its time. The video-captions island makes the
 * CC button work and the paragraphs play the video from where they are said; without it, the
 * browser's own controls still offer the tracks and the transcript still reads.
 */

/** What the page shows of a video's captions; none for a video without a track the reader may see. */
export interface VideoCaptions {
  tracks: readonly Pick<CaptionTrack, 'id' | 'storyId' | 'lang' | 'label' | 'cues' | 'reviewed' | 'source'>[];
}

/** The track the transcript is read from: one a person checked, else one a person made, else the first. */
export function transcriptTrack<T extends Pick<CaptionTrack, 'reviewed' | 'source'>>(tracks: readonly T[]): T | undefined {
  return tracks.find((track) => track.reviewed) ?? tracks.find((track) => track.source !== 'auto') ?? tracks[0];
}

/** The transcript as one text (JSON-LD's `transcript`): its paragraphs, a blank line between. */
export function transcriptText(captions: VideoCaptions): string | null {
  const track = transcriptTrack(captions.tracks);
  if (!track) return null;
  const text = transcriptParagraphs(track.cues)
    .map((paragraph) => paragraph.text)
    .join('\n\n');
  return text || null;
}

export function trackElements(captions: VideoCaptions): string {
  return captions.tracks
    .map(
      (track) =>
        `<track kind="captions" srclang="${esc(track.lang)}" label="${esc(track.label)}" src="${esc(captionFileUrl(track.storyId, track.id))}">`,
    )
    .join('');
}

/** The CC button over the player: hidden until its island finds the video's tracks. */
export const CAPTIONS_BUTTON =
  '<button type="button" class="captions-button" aria-pressed="false" hidden><span aria-hidden="true">CC</span><span class="visually-hidden">Captions</span></button>';

/** "Transcript" under the video: its paragraphs, each with the time it is said. */
export function transcriptSection(captions: VideoCaptions, storyId: number): string {
  const track = transcriptTrack(captions.tracks);
  const paragraphs = track ? transcriptParagraphs(track.cues) : [];
  if (!track || paragraphs.length === 0) return '';
  const headingId = `transcript-heading-${storyId}`;
  const items = paragraphs
    .map(
      (paragraph) =>
        `<li class="transcript-paragraph" ${TRANSCRIPT_START_ATTRIBUTE}="${paragraph.start}"><button type="button" class="transcript-time" aria-label="${esc(`Play from ${clockTime(paragraph.start)}`)}">${esc(clockTime(paragraph.start))}</button> <span class="transcript-text">${esc(paragraph.text)}</span></li>`,
    )
    .join('');
  return `<details class="video-transcript"><summary id="${headingId}">Transcript <span class="transcript-label">${esc(track.label)}</span></summary><ol class="transcript-paragraphs" aria-labelledby="${headingId}">${items}</ol></details>`;
}

/** The island's attributes for the video and its transcript, when there are captions. */
export function videoCaptionsIsland(captions: VideoCaptions): string {
  return captions.tracks.length > 0 ? island(ISLANDS.videoCaptions) : '';
}
