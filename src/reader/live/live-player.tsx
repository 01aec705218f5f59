import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Story } from '../../domain/story/entities.ts';
import { CaptionsButton } from './captions-button-react.tsx';
import { LiveBadge } from '../live-blog/live-blog-markup.tsx';
import { storyQueries } from '../../web/api/story-queries.ts';
import { activeStreamsQuery } from './stream-queries.ts';
import { followLiveCaptions } from './live-captions.ts';
import { watchLiveStream, type ViewerState } from './live-viewer.ts';
import { applyStreamEnded } from './story-ended.ts';
import { watchingLabel } from './watching-label.ts';
import './live-player.css';

/**
 * A reader watching a live story (issue 5): finds the story's stream among the active ones and
 * plays it through MediaSource (watchLiveStream, segments over HTTP: decision 025), muted so it may
 * start by itself, with an unmute control, a LIVE badge and the viewer count. When the stream ends
 * the page switches to the recording; a browser that cannot play the stream gets a notice instead,
 * with a link to the recording once it is stored.
 */
export function LivePlayer({ story }: { story: Story }) {
  const queryClient = useQueryClient();
  const active = useQuery(activeStreamsQuery());
  const stream = active.data?.find((candidate) => candidate.storyId === story.id) ?? null;

  if (active.isPending) return <PlayerMessage text="Connecting to the live stream…" />;
  if (active.isError)
    return <PlayerMessage text="The live stream could not be reached." action={{ label: 'Try Again', run: () => void active.refetch() }} />;
  if (!stream) {
    return (
      <PlayerMessage
        text="This live stream has ended. Its recording appears here once it is saved."
        action={{ label: 'Refresh', run: () => void queryClient.invalidateQueries(storyQueries) }}
      />
    );
  }
  return <LiveVideo key={stream.id} streamId={stream.id} story={story} initialViewers={stream.viewers} />;
}

function PlayerMessage({ text, action }: { text: string; action?: { label: string; run: () => void } }) {
  return (
    <div className="video-frame live-frame">
      <div className="live-message" role="status">
        <p>{text}</p>
        {action ? (
          <button type="button" className="button button-inverse button-small" onClick={action.run}>
            {action.label}
          </button>
        ) : null}
      </div>
    </div>
  );
}

const STATE_TEXT: Record<ViewerState, string> = {
  connecting: 'Connecting to the live stream…',
  waiting: 'Waiting for the picture…',
  playing: '',
  'publisher-away': 'The reporter’s connection dropped. Waiting for them to come back…',
  reconnecting: 'Reconnecting…',
  ended: 'The live stream has ended.',
  unsupported: 'This browser cannot play live video. A link to the recording appears here as soon as the stream ends.',
  failed: 'The live video could not be played.',
};

function LiveVideo({ streamId, story, initialViewers }: { streamId: number; story: Story; initialViewers: number }) {
  const queryClient = useQueryClient();
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ViewerState>('connecting');
  const [viewers, setViewers] = useState<number | null>(null);
  const [muted, setMuted] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const [recording, setRecording] = useState<{ url: string | null } | null>(null);

  useEffect(() => {
    const element = video.current!;
    // Muted, so the browser lets it start without a click.
    element.muted = true;
    setMuted(true);
    let unsupported = false;
    const captions = followLiveCaptions(streamId, element);
    const viewer = watchLiveStream({
      streamId,
      video: element,
      holdBackSeconds: captions?.holdBack,
      onState: (next) => {
        unsupported ||= next === 'unsupported';
        setState(next);
      },
      onViewers: setViewers,
      // A browser that could not play the stream keeps its notice and gets the link there.
      onEnd: (videoUrl) => (unsupported ? setRecording({ url: videoUrl }) : applyStreamEnded(queryClient, story.id, videoUrl)),
    });
    return () => {
      viewer.close();
      captions?.close();
    };
  }, [streamId, story.id, queryClient, attempt]);

  if (state === 'unsupported' || (recording && state === 'ended')) {
    return (
      <div className="video-frame live-frame">
        <div className="live-message" role="status">
          <p>
            {recording
              ? recording.url
                ? 'The live stream has ended. Its recording is ready.'
                : 'The live stream has ended without a recording.'
              : STATE_TEXT.unsupported}
          </p>
          {recording?.url ? (
            <a className="button button-inverse button-small" href={recording.url}>
              Watch the recording
            </a>
          ) : null}
        </div>
      </div>
    );
  }

  const toggleSound = () => {
    const element = video.current;
    if (!element) return;
    element.muted = !element.muted;
    setMuted(element.muted);
    if (!element.muted && element.paused) void element.play().catch(() => undefined);
  };

  const fullScreen = () => {
    const element = frame.current;
    if (!element) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.requestFullscreen?.().catch(() => undefined);
  };

  const message = STATE_TEXT[state];
  return (
    <section className="live-player" aria-label="Live video">
      <div className="video-frame live-frame" ref={frame}>
        <video ref={video} muted autoPlay playsInline aria-label={`Live video: ${story.title}`} />
        {/* The reader pages' own LIVE badge (their component's HTML): one markup, wherever it shows. */}
        <span dangerouslySetInnerHTML={{ __html: LiveBadge().html }} />
        <span className="live-viewers" data-testid="live-viewers">
          {watchingLabel(viewers ?? initialViewers)}
        </span>
        {message ? (
          <div className="live-message live-message-over" aria-hidden="true">
            <p>{message}</p>
          </div>
        ) : null}
      </div>
      <div className="live-controls">
        <button type="button" className="button button-secondary button-small" onClick={toggleSound}>
          {muted ? 'Unmute' : 'Mute'}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={fullScreen}>
          Full Screen
        </button>
        <CaptionsButton video={video} />
        {state === 'failed' ? (
          <button type="button" className="button button-primary button-small" onClick={() => setAttempt((n) => n + 1)}>
            Try Again
          </button>
        ) : null}
        <p className="visually-hidden" role="status">
          {state === 'playing' ? 'The live video is playing, muted. Use Unmute to hear it.' : message}
        </p>
      </div>
    </section>
  );
}
