import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { storyPath } from '../../../domain/site/site.ts';
import { myFiguresQuery } from '../figures-queries.ts';
import { apiRequest } from '../../api/client.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { storyQueries } from '../../api/story-queries.ts';
import { activeStreamsQuery } from '../../../reader/live/stream-queries.ts';
import { endStream, startStream } from './stream-api.ts';
import { streamDetails, StreamDetailsFields } from './stream-details.tsx';
import { CameraPreview } from '../camera/camera-preview.tsx';
import { CameraToggles } from '../camera/camera-toggles.tsx';
import { MediaStatus } from '../camera/media-status.tsx';
import { formatElapsed } from '../camera/media-tracks.ts';
import { useElapsedSeconds, useSession } from '../camera/use-session.ts';
import { TextField } from '../../forms/form-field.tsx';
import { LivePublisher, liveRecorderMimeType, openCamera } from './live-publisher.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { createLiveSession, type LiveSession, type LiveState } from './live-session.ts';
import { watchingLabel } from '../../../reader/live/watching-label.ts';

function askBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
}

/** One live session for the page's lifetime: switching tabs or pages does not stop a stream. */
let session: LiveSession | null = null;
/** The live blog the next stream goes on, when the panel is on a live desk (docs/product/api-liveblogs.md). */
let streamStory: number | undefined;

function useLiveSession(): LiveSession {
  const queryClient = useQueryClient();
  session ??= createLiveSession({
    openCamera: () => openCamera(),
    canPublish: () => liveRecorderMimeType() !== null,
    startStream: (title) => startStream(title, streamDetails.get(), streamStory),
    endStream: (id) => endStream(id),
    startPublisher: (options) => LivePublisher.start(options),
    loadStory: (id) => apiRequest<Story>('GET', `/api/stories/${id}`),
    notify: toast,
    refresh: () => {
      void queryClient.invalidateQueries(storyQueries);
      void queryClient.invalidateQueries({ queryKey: activeStreamsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: myFiguresQuery().queryKey });
    },
    guardUnload: (on) =>
      on ? window.addEventListener('beforeunload', askBeforeLeaving) : window.removeEventListener('beforeunload', askBeforeLeaving),
    now: () => Date.now(),
  });
  return session;
}

function statusText(state: LiveState): string {
  switch (state.phase) {
    case 'idle':
      return 'Not live. Start your camera to check your shot, then go live.';
    case 'opening':
      return 'Starting the camera…';
    case 'preview':
      return 'Camera ready. You are not live yet.';
    case 'starting':
      return 'Going live…';
    case 'live':
      return state.connection === 'reconnecting' || state.connection === 'connecting'
        ? 'You are live, but the connection dropped. Reconnecting…'
        : state.connection === 'failed'
          ? 'Streaming has stopped.'
          : 'You are live.';
    case 'ending':
      return 'Ending the stream and saving the recording…';
    case 'end-failed':
      return 'The stream could not be ended.';
    case 'ended':
      return 'The stream has ended.';
  }
}

/** The Live Stream tab (docs/product/screens.md, docs/product/rules.md, docs/product/notices.md): not live, then live (RECORDING, stream id, viewers), then ended. */
export function LiveStreamPanel({ forStory }: { forStory?: { id: number; title: string } } = {}) {
  const live = useLiveSession();
  const state = useSession(live);
  const storyId = forStory?.id;
  const storyTitle = forStory?.title;
  useEffect(() => {
    // On a live desk the stream goes on the live blog, under its title; on the dashboard, on a story of its own.
    if (state.phase !== 'idle' && state.phase !== 'preview') return;
    streamStory = storyId;
    if (storyTitle !== undefined) live.setTitle(storyTitle);
  }, [live, storyId, storyTitle, state.phase]);
  const elapsed = useElapsedSeconds(state.liveSince);
  const { phase, stream } = state;
  const onAir = phase === 'live' || phase === 'ending' || phase === 'end-failed';

  useEffect(() => () => live.release(), [live]);

  const primary =
    phase === 'idle' || phase === 'preview'
      ? { label: 'Start Live Stream', run: () => void live.goLive(), danger: false }
      : phase === 'opening'
        ? { label: 'Start Live Stream', run: undefined, danger: false }
        : phase === 'starting'
          ? { label: 'Going Live…', run: undefined, danger: false }
          : phase === 'live'
            ? { label: 'End Stream', run: () => void live.end(), danger: true }
            : phase === 'ending'
              ? { label: 'Ending Stream…', run: undefined, danger: true }
              : phase === 'end-failed'
                ? { label: 'Try Ending Again', run: () => void live.end(), danger: true }
                : {
                    label: 'Start a New Stream',
                    run: () => {
                      live.newStream();
                      streamDetails.set({ description: '', beatId: '' });
                    },
                    danger: false,
                  };

  return (
    <section aria-labelledby="live-title">
      <h2 className="panel-title" id="live-title">
        Live Stream
      </h2>
      <p className="muted">
        Readers watch live on the story page. The stream is recorded as it goes and published as the story’s video when you end it.
      </p>
      <div className="media-panel">
        <TextField
          label="Stream Title"
          value={state.title}
          onChange={(event) => live.setTitle(event.target.value)}
          placeholder="What are you covering?"
          maxLength={255}
          aria-required="true"
          disabled={forStory !== undefined || (phase !== 'idle' && phase !== 'preview' && phase !== 'opening')}
        />
        {forStory ? null : <StreamDetailsFields disabled={phase !== 'idle' && phase !== 'preview' && phase !== 'opening'} />}
        <CameraPreview
          stream={state.camera}
          cameraOn={state.cameraOn}
          label="Live camera preview"
          idleText={phase === 'ended' ? 'Stream ended' : 'Camera off'}
        >
          {onAir ? (
            <>
              <span className="badge badge-recording">
                <span className="live-dot" aria-hidden="true" />
                RECORDING
              </span>
              <span className="badge badge-dark" role="timer" aria-label="Time on air">
                {formatElapsed(elapsed)}
              </span>
            </>
          ) : null}
        </CameraPreview>

        {stream && onAir ? (
          <dl className="live-facts">
            <div>
              <dt>Stream ID</dt>
              <dd data-testid="stream-id">{stream.id}</dd>
            </div>
            <div>
              <dt>Viewers</dt>
              <dd>{watchingLabel(state.viewers)}</dd>
            </div>
            <div>
              <dt>Readers watch at</dt>
              <dd>
                <a href={`/story/${stream.storyId}`} target="_blank" rel="noopener">
                  The story page<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </dd>
            </div>
          </dl>
        ) : null}

        <div className="media-controls">
          <button
            type="button"
            className={`button ${primary.danger ? 'button-danger' : 'button-primary'}`}
            onClick={primary.run}
            // aria-disabled rather than disabled: focus stays on the button while it is busy, for the next step.
            aria-disabled={!primary.run || undefined}
            aria-busy={!primary.run || undefined}
          >
            {primary.danger && primary.run ? (
              <span className="stop-square" aria-hidden="true" />
            ) : (
              <span className="live-dot" aria-hidden="true" />
            )}
            {primary.label}
          </button>
          {phase === 'idle' || phase === 'opening' || phase === 'preview' ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={phase === 'idle' ? () => void live.startCamera() : phase === 'preview' ? () => live.release() : undefined}
              aria-disabled={phase === 'opening' || undefined}
            >
              {phase === 'idle' ? 'Start Camera' : phase === 'opening' ? 'Starting Camera…' : 'Stop Camera'}
            </button>
          ) : null}
          <CameraToggles state={state} session={live} disabled={phase !== 'preview' && phase !== 'live'} />
        </div>
        <MediaStatus status={statusText(state)} problem={state.problem} />
        {phase === 'ended' && state.outcome ? <EndedNotice story={state.outcome.story} videoSaved={state.outcome.videoSaved} /> : null}
      </div>
    </section>
  );
}

function EndedNotice({ story, videoSaved }: { story: Story | null; videoSaved: boolean }) {
  return (
    <div className={`notice ${videoSaved ? 'notice-success' : 'notice-danger'}`} role={videoSaved ? 'status' : 'alert'}>
      <p className="notice-title">{videoSaved ? 'Video saved' : 'Upload failed'}</p>
      <p>{videoSaved ? 'Stream recording uploaded successfully' : 'Could not save stream recording'}</p>
      {story ? (
        <p>
          “{story.title}” is {story.status}
          {videoSaved ? ' with the recording as its video.' : ' without a video.'}
        </p>
      ) : null}
      {story ? (
        <div className="notice-actions">
          <a href={storyPath(story)} className="button button-primary button-small">
            {videoSaved ? 'Watch the Recording' : 'View the Story'}
          </a>
          <Link to="/edit/$id" params={{ id: String(story.id) }} className="button button-secondary button-small">
            Edit Story
          </Link>
        </div>
      ) : null}
    </div>
  );
}
