import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type FormEvent } from 'react';
import type { VideoCategory } from '../../../domain/media/schemas.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { myFiguresQuery } from '../figures-queries.ts';
import { storyQueries } from '../../api/story-queries.ts';
import { CameraPreview } from '../camera/camera-preview.tsx';
import { CameraToggles } from '../camera/camera-toggles.tsx';
import { MediaStatus } from '../camera/media-status.tsx';
import { formatElapsed } from '../camera/media-tracks.ts';
import { useElapsedSeconds, useSession } from '../camera/use-session.ts';
import { SelectField, TextAreaField, TextField } from '../../forms/form-field.tsx';
import { fixRecordingDuration } from './fix-recording-duration.ts';
import { openCamera } from '../live-studio/live-publisher.ts';
import { uploadFile } from '../uploads/upload-file.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { UploadProgressBar } from '../uploads/upload-progress-bar.tsx';
import { clipFile, startClipRecording } from './clip-recorder.ts';
import { createRecorderSession, type RecorderSession, type RecorderState } from './recorder-session.ts';
import { VIDEO_CATEGORY_OPTIONS } from './video-categories.ts';

/** One recorder for the page's lifetime: it outlives the tab, so switching tabs keeps the clip and the upload. */
let session: RecorderSession | null = null;

function useRecorderSession(): RecorderSession {
  const queryClient = useQueryClient();
  session ??= createRecorderSession({
    openCamera: () => openCamera(),
    startRecording: (stream) => startClipRecording(stream),
    fixDuration: fixRecordingDuration,
    toFile: (clip) => clipFile(clip),
    upload: uploadFile,
    objectUrls: { create: (blob) => URL.createObjectURL(blob), revoke: (url) => URL.revokeObjectURL(url) },
    notify: toast,
    refresh: () => {
      void queryClient.invalidateQueries(storyQueries);
      void queryClient.invalidateQueries({ queryKey: myFiguresQuery().queryKey });
    },
    now: () => Date.now(),
  });
  return session;
}

/** What the recorder is doing, for the status line (announced politely when it changes). */
function statusText(state: RecorderState): string {
  switch (state.phase) {
    case 'idle':
      return state.clip ? '' : 'The camera is off. Start it to preview your shot.';
    case 'opening':
      return 'Starting the camera…';
    case 'previewing':
      return 'Camera ready. Start recording when you are.';
    case 'recording':
      return 'Recording.';
    case 'finishing':
      return 'Finishing the clip…';
    case 'recorded':
      return state.clip ? `Clip recorded (${formatElapsed(state.clip.seconds)}). Play it back, then upload it with a title.` : '';
  }
}

/** The Record tab (docs/product/screens.md, docs/product/rules.md): preview, record, play back, upload as a draft story. */
export function RecorderPanel() {
  const recorder = useRecorderSession();
  const state = useSession(recorder);
  const elapsed = useElapsedSeconds(state.recordingSince);
  const { phase, upload } = state;
  const uploading = upload.state === 'uploading';
  const uploaded = upload.state === 'done';

  // Leaving the tab gives the camera back (a recording in progress is kept as a clip).
  useEffect(() => () => recorder.release(), [recorder]);

  // One primary button whose job follows the phase: focus stays on it from Start Camera to Stop.
  const primary =
    phase === 'idle'
      ? { label: 'Start Camera', run: () => void recorder.startCamera(), busy: false }
      : phase === 'opening'
        ? { label: 'Starting Camera…', run: undefined, busy: true }
        : phase === 'previewing'
          ? { label: 'Start Recording', run: () => recorder.startRecording(), busy: false }
          : phase === 'recording'
            ? { label: 'Stop Recording', run: () => void recorder.stopRecording(), busy: false }
            : phase === 'finishing'
              ? { label: 'Saving Clip…', run: undefined, busy: true }
              : { label: 'Record Again', run: () => void recorder.recordAgain(), busy: false };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void recorder.upload();
  };

  return (
    <section aria-labelledby="record-title">
      <h2 className="panel-title" id="record-title">
        Record a Clip
      </h2>
      <p className="muted">Record with your camera, play the clip back, then upload it as a draft story.</p>
      <div className="media-panel">
        {phase === 'recorded' && state.clip ? (
          <div className="camera-frame camera-stage">
            <video
              key={state.clip.url}
              className="camera-video clip-video"
              src={state.clip.url}
              controls
              playsInline
              preload="metadata"
              aria-label="Recorded clip"
            />
          </div>
        ) : (
          <CameraPreview stream={state.camera} cameraOn={state.cameraOn} label="Camera preview" idleText="Camera off">
            {phase === 'recording' ? (
              <span className="badge badge-recording">
                <span className="live-dot" aria-hidden="true" />
                REC{' '}
                <span role="timer" aria-label="Recording time">
                  {formatElapsed(elapsed)}
                </span>
              </span>
            ) : null}
          </CameraPreview>
        )}

        <div className="media-controls">
          <button
            type="button"
            className={`button ${phase === 'previewing' || phase === 'recording' ? 'button-danger' : 'button-primary'}`}
            onClick={primary.run && !uploading ? primary.run : undefined}
            // aria-disabled rather than disabled: focus stays on the button while it is busy, for the next step.
            aria-disabled={!primary.run || uploading || undefined}
            aria-busy={primary.busy || undefined}
          >
            {phase === 'recording' ? <span className="stop-square" aria-hidden="true" /> : null}
            {primary.label}
          </button>
          {phase === 'previewing' ? (
            <button type="button" className="button button-secondary" onClick={() => recorder.release()}>
              Stop Camera
            </button>
          ) : null}
          <CameraToggles state={state} session={recorder} disabled={phase !== 'previewing' && phase !== 'recording'} />
        </div>
        <MediaStatus status={statusText(state)} problem={state.problem} />

        <form className="media-form" onSubmit={submit} noValidate aria-labelledby="record-upload-title">
          <h3 className="media-form-title" id="record-upload-title">
            Upload the clip
          </h3>
          <TextField
            label="Title"
            value={state.form.title}
            onChange={(event) => recorder.setForm({ title: event.target.value })}
            placeholder="What happened?"
            maxLength={255}
            aria-required="true"
            disabled={uploading}
          />
          <TextAreaField
            label="Description"
            value={state.form.description}
            onChange={(event) => recorder.setForm({ description: event.target.value })}
            rows={3}
            placeholder="A line or two about the clip"
            disabled={uploading}
          />
          <SelectField
            label="Category"
            value={state.form.category}
            onChange={(event) => recorder.setForm({ category: event.target.value as VideoCategory })}
            disabled={uploading}
          >
            {VIDEO_CATEGORY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          {upload.state === 'uploading' ? (
            <UploadProgressBar name="your clip" progress={upload.progress} onCancel={() => recorder.cancelUpload()} />
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={uploading || uploaded} aria-busy={uploading || undefined}>
              {uploading ? 'Uploading…' : 'Upload Video'}
            </button>
          </div>
        </form>

        {upload.state === 'done' ? (
          <div className="notice notice-success" role="status">
            <p className="notice-title">Draft story created</p>
            {upload.story ? (
              <p>The draft story “{upload.story.title}” holds your clip. Finish it in the editor and publish it when it is ready.</p>
            ) : null}
            <div className="notice-actions">
              {upload.story ? (
                <>
                  <Link to="/edit/$id" params={{ id: String(upload.story.id) }} className="button button-primary button-small">
                    Open Draft in Editor
                  </Link>
                  <a href={storyPath(upload.story)} className="button button-secondary button-small">
                    View Draft
                  </a>
                </>
              ) : null}
              <button type="button" className="button button-secondary button-small" onClick={() => recorder.startOver()}>
                Record Another Clip
              </button>
            </div>
          </div>
        ) : null}
        {upload.state === 'failed' ? (
          <div className="notice notice-danger" role="alert">
            <p className="notice-title">The upload did not finish</p>
            <p>{upload.message}</p>
            <div className="notice-actions">
              <button type="button" className="button button-primary button-small" onClick={() => void recorder.upload()}>
                Try Again
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
