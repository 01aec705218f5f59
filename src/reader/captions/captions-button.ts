/**
 * The CC button of every player on the site (decision 129): captions off by default; the reader's
 * choice is remembered in this browser and applied to every player, recorded or live. It acts on
 * the video's `captions` and `subtitles` TextTracks, whoever made them (`<track>` elements of a
 * recorded video, the live player's own track): on shows one (the reader's language where there is
 * one, else the first), off hides them all. Tracks added later follow the choice, and a track turned
 * on or off from the browser's own controls updates the button and the choice.
 */
export const CAPTIONS_PREFERENCE_KEY = 'newsroom:captions';
export const CAPTIONS_BUTTON_CLASS = 'captions-button';

export function captionsWanted(): boolean {
  try {
    return localStorage.getItem(CAPTIONS_PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

function rememberCaptions(on: boolean): void {
  try {
    localStorage.setItem(CAPTIONS_PREFERENCE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode, full): the choice lasts this page.
  }
}

function captionTracks(video: HTMLVideoElement): TextTrack[] {
  return Array.from(video.textTracks).filter((track) => track.kind === 'captions' || track.kind === 'subtitles');
}

/** The track to show: the reader's language (or its base), else the first. */
function preferredTrack(tracks: TextTrack[]): TextTrack | undefined {
  const wanted = (typeof navigator !== 'undefined' ? navigator.languages : []).map((lang) => lang.toLowerCase());
  const base = (lang: string) => lang.split('-')[0]!;
  return (
    tracks.find((track) => wanted.includes(track.language.toLowerCase())) ??
    tracks.find((track) => track.language && wanted.some((lang) => base(lang) === base(track.language.toLowerCase()))) ??
    tracks[0]
  );
}

/** Shows the preferred caption track of `video` (on), or none (off). */
export function showCaptions(video: HTMLVideoElement, on: boolean): void {
  const tracks = captionTracks(video);
  const shown = on ? (tracks.find((track) => track.mode === 'showing') ?? preferredTrack(tracks)) : undefined;
  for (const track of tracks) {
    const mode: TextTrackMode = track === shown ? 'showing' : 'disabled';
    if (track.mode !== mode) track.mode = mode;
  }
}

const captionsShowing = (video: HTMLVideoElement) => captionTracks(video).some((track) => track.mode === 'showing');

/**
 * Makes `button` the CC button of `video`: hidden while the video has no caption track, pressed while
 * captions show. Returns a function that lets go of the video.
 */
export function attachCaptionsButton(button: HTMLButtonElement, video: HTMLVideoElement): () => void {
  let applying = false;
  const apply = (on: boolean) => {
    applying = true;
    showCaptions(video, on);
    applying = false;
    sync();
  };
  const sync = () => {
    button.hidden = captionTracks(video).length === 0;
    button.setAttribute('aria-pressed', String(captionsShowing(video)));
  };
  const onClick = () => {
    const on = !captionsShowing(video);
    rememberCaptions(on);
    apply(on);
  };
  // A track turned on or off from the browser's own menu: the button follows, and so does the choice.
  const onChange = () => {
    if (applying) return;
    const on = captionsShowing(video);
    if (on !== captionsWanted()) rememberCaptions(on);
    sync();
  };
  const onAdd = () => apply(captionsWanted());
  button.addEventListener('click', onClick);
  video.textTracks.addEventListener('change', onChange);
  video.textTracks.addEventListener('addtrack', onAdd);
  apply(captionsWanted());
  return () => {
    button.removeEventListener('click', onClick);
    video.textTracks.removeEventListener('change', onChange);
    video.textTracks.removeEventListener('addtrack', onAdd);
  };
}
