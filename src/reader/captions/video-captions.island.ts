import { CAPTIONS_BUTTON_PART } from '../../contract/island-parts.ts';
import { TRANSCRIPT_START_ATTRIBUTE } from '../../contract/page-contract.ts';
import { part } from '../../web/islands/island.ts';
import { attachCaptionsButton } from './captions-button.ts';

/**
 * A recorded video with captions on a reader's page (video-captions.tsx, beside it):
 * its CC button, and its transcript, whose paragraphs play the video from where they are said and
 * mark the one being said.
 */
export function mount(element: HTMLElement): void {
  const video = element.querySelector('video');
  const button = part<HTMLButtonElement>(element, CAPTIONS_BUTTON_PART);
  if (!video) return;
  if (button) attachCaptionsButton(button, video);

  const paragraphs = Array.from(element.querySelectorAll<HTMLElement>(`[${TRANSCRIPT_START_ATTRIBUTE}]`));
  const startOf = (paragraph: HTMLElement) => Number(paragraph.getAttribute(TRANSCRIPT_START_ATTRIBUTE));
  element.addEventListener('click', (event) => {
    const paragraph = (event.target as Element).closest<HTMLElement>(`[${TRANSCRIPT_START_ATTRIBUTE}]`);
    if (!paragraph || !element.contains(paragraph)) return;
    // Selecting words to copy them is not a click to play.
    if (!(event.target as Element).closest('button') && (getSelection()?.toString() ?? '') !== '') return;
    video.currentTime = startOf(paragraph);
    void video.play().catch(() => undefined);
  });
  let current: HTMLElement | null = null;
  video.addEventListener('timeupdate', () => {
    const now = video.currentTime;
    const saying = paragraphs.filter((paragraph) => startOf(paragraph) <= now + 0.05).at(-1) ?? null;
    if (saying === current) return;
    current?.removeAttribute('aria-current');
    saying?.setAttribute('aria-current', 'true');
    current = saying;
  });
}
