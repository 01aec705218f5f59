interface CameraTogglesProps {
  /** The camera session's state (the recorder's or the live studio's). */
  state: { camera: MediaStream | null; cameraOn: boolean; microphoneOn: boolean };
  /** The session that switches the tracks. */
  session: { setCamera(on: boolean): void; setMicrophone(on: boolean): void };
  disabled: boolean;
}

/**
 * Two toggle buttons (aria-pressed): the camera and the microphone, each on or off.
 * Nothing while the session holds no camera.
 */
export function CameraToggles({ state, session, disabled }: CameraTogglesProps) {
  const { cameraOn, microphoneOn } = state;
  if (!state.camera) return null;
  const onCamera = (on: boolean) => session.setCamera(on);
  const onMicrophone = (on: boolean) => session.setMicrophone(on);
  return (
    <div className="camera-toggles" role="group" aria-label="Camera and microphone">
      <button
        type="button"
        className="button button-secondary toggle-button"
        aria-pressed={cameraOn}
        disabled={disabled}
        onClick={() => onCamera(!cameraOn)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M4 7h11a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm12 4 5-3v8l-5-3" />
          {cameraOn ? null : <path d="M3 3l18 18" />}
        </svg>
        Camera
        <span className="toggle-state" aria-hidden="true">
          {cameraOn ? 'On' : 'Off'}
        </span>
      </button>
      <button
        type="button"
        className="button button-secondary toggle-button"
        aria-pressed={microphoneOn}
        disabled={disabled}
        onClick={() => onMicrophone(!microphoneOn)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />
          {microphoneOn ? null : <path d="M3 3l18 18" />}
        </svg>
        Microphone
        <span className="toggle-state" aria-hidden="true">
          {microphoneOn ? 'On' : 'Off'}
        </span>
      </button>
    </div>
  );
}
