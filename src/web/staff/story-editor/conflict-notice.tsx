import type { Story } from '../../../domain/story/entities.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { formatFullDate } from '../../../domain/dates.ts';

interface ConflictNoticeProps {
  stored: Story;
  differences: string[];
  /** True once the reporter chose to keep their version (the next save replaces the stored one). */
  keptMine: boolean;
  onLoadStored: () => void;
  onKeepMine: () => void;
}

/**
 * A save that met a newer stored version (409 stale_version): nothing was overwritten. The
 * reporter sees when it changed and what differs, then loads the stored version or keeps theirs.
 */
export function ConflictNotice({ stored, differences, keptMine, onLoadStored, onKeepMine }: ConflictNoticeProps) {
  if (keptMine) {
    return (
      <div className="notice notice-warning" role="status">
        <p className="notice-title">Your version is kept</p>
        <p>Select “Update Story” to replace the version saved {formatFullDate(stored.updatedAt)} with yours.</p>
      </div>
    );
  }
  return (
    <div className="notice notice-danger" role="alert" aria-labelledby="conflict-title">
      <p className="notice-title" id="conflict-title">
        This story was changed while you were editing it
      </p>
      <p>
        A newer version was saved {formatFullDate(stored.updatedAt)}. Your changes have not been saved and nothing was overwritten.
        {differences.length > 0 ? ` Your version differs in: ${differences.join(', ')}.` : ' Your version matches it.'}
      </p>
      <div className="notice-actions">
        <a className="button button-secondary button-small" href={storyPath(stored)} target="_blank" rel="noopener noreferrer">
          View saved version
        </a>
        <button type="button" className="button button-secondary button-small" onClick={onLoadStored}>
          Load saved version (discard mine)
        </button>
        <button type="button" className="button button-primary button-small" onClick={onKeepMine}>
          Keep my version
        </button>
      </div>
    </div>
  );
}
