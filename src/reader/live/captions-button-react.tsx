import { useEffect, useRef, type RefObject } from 'react';
import { attachCaptionsButton, CAPTIONS_BUTTON_CLASS } from '../captions/captions-button.ts';

/** The CC button (captions-button.ts) for a player drawn by React: `video` is the player's element. */
export function CaptionsButton({ video, className = '' }: { video: RefObject<HTMLVideoElement | null>; className?: string }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!button.current || !video.current) return;
    return attachCaptionsButton(button.current, video.current);
  }, [video]);
  return (
    <button ref={button} type="button" className={`${CAPTIONS_BUTTON_CLASS} ${className}`.trim()} aria-pressed="false" hidden>
      <span aria-hidden="true">CC</span>
      <span className="visually-hidden">Captions</span>
    </button>
  );
}
