import type { ReactNode } from 'react';

/**
 * The Record and Live Stream tabs' layout (SPEC.md section 2). Camera recording and streaming come
 * with the media work; until it is wired in, every control here is disabled and says so, rather
 * than pretending to record or stream.
 */

export const RECORDER_CATEGORIES = [
  { value: 'breaking', label: 'Breaking News' },
  { value: 'politics', label: 'Politics' },
  { value: 'local', label: 'Local News' },
  { value: 'investigation', label: 'Investigation' },
] as const;

function Unavailable({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice-info" role="note">
      <p>{children}</p>
    </div>
  );
}

function CameraFrame({ label }: { label: string }) {
  return (
    <div className="camera-frame" role="img" aria-label={label}>
      <svg viewBox="0 0 24 24" width="44" height="44" fill="none" stroke="currentColor" strokeWidth="1.4" aria-hidden="true">
        <path d="M4 7h11a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm12 4 5-3v8l-5-3" />
      </svg>
      <span>Camera off</span>
    </div>
  );
}

export function RecorderPanel() {
  return (
    <section aria-labelledby="record-title">
      <h2 className="panel-title" id="record-title">
        Record a Clip
      </h2>
      <Unavailable>Recording from the camera is not connected yet. Use the Upload tab to add a clip you recorded elsewhere.</Unavailable>
      <fieldset className="media-panel" disabled>
        <legend className="visually-hidden">Recorder</legend>
        <CameraFrame label="Recorder preview (16:9)" />
        <div className="media-controls">
          <button type="button" className="button button-secondary">
            Start Camera
          </button>
          <button type="button" className="button button-secondary">
            Camera on
          </button>
          <button type="button" className="button button-secondary">
            Microphone on
          </button>
          <button type="button" className="button button-danger">
            Start Recording
          </button>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="recorder-title">
            Title
          </label>
          <input id="recorder-title" className="input" placeholder="Title for your video" />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="recorder-description">
            Description
          </label>
          <textarea id="recorder-description" className="input" rows={2} placeholder="What is this clip about?" />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="recorder-category">
            Category
          </label>
          <select id="recorder-category" className="input" defaultValue="breaking">
            {RECORDER_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button-primary">
          Upload Video
        </button>
      </fieldset>
    </section>
  );
}

export function LiveStreamPanel() {
  return (
    <section aria-labelledby="live-title">
      <h2 className="panel-title" id="live-title">
        Live Stream
      </h2>
      <Unavailable>Live streaming is not connected yet. When it is, you will start your camera here and go live with one click.</Unavailable>
      <fieldset className="media-panel" disabled>
        <legend className="visually-hidden">Live stream</legend>
        <div className="field">
          <label className="field-label" htmlFor="stream-title">
            Stream Title
          </label>
          <input id="stream-title" className="input" placeholder="What are you covering?" />
        </div>
        <CameraFrame label="Live stream preview" />
        <div className="media-controls">
          <button type="button" className="button button-secondary">
            Start Camera
          </button>
          <button type="button" className="button button-danger">
            Go Live
          </button>
        </div>
      </fieldset>
    </section>
  );
}
