import type { UploadProgress } from './upload-file.ts';

const MB = 1_000_000;

function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
}

/** An upload's progress in bytes (uploadFile's onProgress), with a way to cancel it. */
export function UploadProgressBar({ name, progress, onCancel }: { name: string; progress: UploadProgress | null; onCancel?: () => void }) {
  const total = progress?.total ?? 0;
  const loaded = progress?.loaded ?? 0;
  const percent = total > 0 ? Math.floor((loaded / total) * 100) : 0;
  const finishing = progress?.phase === 'finishing';
  return (
    <div className="upload-progress">
      <p>
        {finishing ? (
          <>Saving {name}…</>
        ) : (
          <>
            Uploading {name}: {percent}%{total > 0 ? ` (${megabytes(loaded)} of ${megabytes(total)})` : ''}
          </>
        )}
      </p>
      <progress max={100} value={finishing ? 100 : percent} aria-label={`Uploading ${name}`} />
      {onCancel && !finishing ? (
        <button type="button" className="link-button" onClick={onCancel}>
          Cancel upload
        </button>
      ) : null}
    </div>
  );
}
