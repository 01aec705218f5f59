import { useEffect, useRef, type ReactNode } from 'react';
import './camera.css';

interface CameraPreviewProps {
  /** The camera and microphone, or null while the camera is off. */
  stream: MediaStream | null;
  /** False when the reporter turned the camera off: the frame says so instead of showing black. */
  cameraOn: boolean;
  /** Names the video for assistive technology. */
  label: string;
  /** Shown in the empty frame before the camera starts. */
  idleText: string;
  /** Badges over the picture (RECORDING, the timer). */
  children?: ReactNode;
}

/** The camera's live picture in a 16:9 frame (docs/product/rules.md#limits-and-constants), never audible (the microphone would echo). */
export function CameraPreview({ stream, cameraOn, label, idleText, children }: CameraPreviewProps) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !stream) return;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [stream]);

  return (
    <div className="camera-frame camera-stage">
      {stream ? (
        <video ref={video} className="camera-video" muted playsInline autoPlay aria-label={label} />
      ) : (
        <div className="camera-idle">
          <svg viewBox="0 0 24 24" width="44" height="44" fill="none" stroke="currentColor" strokeWidth="1.4" aria-hidden="true">
            <path d="M4 7h11a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm12 4 5-3v8l-5-3" />
          </svg>
          <span>{idleText}</span>
        </div>
      )}
      {stream && !cameraOn ? (
        <div className="camera-off" aria-hidden="true">
          Camera off
        </div>
      ) : null}
      {children ? <div className="camera-badges">{children}</div> : null}
    </div>
  );
}
