/**
 * A live stream's captions on the site's MediaSource and ManagedMediaSource players (decision 128):
 * a `captions` TextTrack on the video, filled with the cues the stream's room has heard (GET
 * /api/streams/{id}/live/captions, read every couple of seconds, the same cues as the HLS
 * SUBTITLES rendition). The track starts hidden (captions off); whoever shows it (the player's CC
 * button) sets its mode to `showing`, and while it is showing the player stays HOLD_BACK_SECONDS
 * behind the live edge, where the captions are final.
 */

export const LIVE_CAPTIONS_LABEL = 'Captions (automatic)';
/** As the HLS playlists' HOLD-BACK (src/adapters/live/room-playlist.ts). */
export const HOLD_BACK_SECONDS = 12;
const READ_EVERY_MS = 2000;

interface RecentCues {
  captioned: boolean;
  heardThrough: number | null;
  cues: { start: number; end: number; text: string }[];
}

export interface LiveCaptions {
  /** Seconds behind the live edge the player should stay: HOLD_BACK_SECONDS while the captions show, else 0. */
  holdBack(): number;
  close(): void;
}

/** Follows stream `streamId`'s live captions into a TextTrack of `video`; null where the browser has no TextTrack API. */
export function followLiveCaptions(streamId: number | string, video: HTMLVideoElement): LiveCaptions | null {
  if (typeof video.addTextTrack !== 'function' || typeof VTTCue === 'undefined') return null;
  const url = `/api/streams/${encodeURIComponent(String(streamId))}/live/captions`;
  const added = new Set<string>();
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Made once the stream is known to be captioned: a track (and so the CC button) only where captions will come. */
  let track: TextTrack | null = null;

  const read = async () => {
    timer = null;
    if (closed) return;
    try {
      const res = await fetch(url);
      if (res.ok) {
        const recent = (await res.json()) as RecentCues;
        // A stream nobody is transcribing has no captions to wait for.
        if (!recent.captioned) return;
        if (!track) {
          // The language is the transcriber's to say, and a TextTrack's cannot change: left unsaid.
          track = video.addTextTrack('captions', LIVE_CAPTIONS_LABEL);
          track.mode = 'hidden';
        }
        for (const cue of recent.cues) {
          const key = `${cue.start}|${cue.end}|${cue.text}`;
          if (added.has(key)) continue;
          added.add(key);
          track.addCue(new VTTCue(cue.start, cue.end, cue.text));
        }
      }
    } catch {
      // The network failed for a moment: read again next time.
    }
    if (!closed) timer = setTimeout(() => void read(), READ_EVERY_MS);
  };
  void read();

  return {
    holdBack: () => (track?.mode === 'showing' ? HOLD_BACK_SECONDS : 0),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (track) track.mode = 'disabled';
    },
  };
}
