import { diffWords } from 'diff';

/**
 * A word-level comparison of an older text with a newer one (`diff`'s diffWords: decision 032),
 * with what the newer one added as <ins> and what it took out as <del>; line breaks kept.
 */
export function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = diffWords(before, after);
  const changed = parts.some((part) => part.added || part.removed);
  return (
    <div className="word-diff" aria-label={label} role="group">
      {changed ? null : <p className="muted small">No difference.</p>}
      <p className="word-diff-text">
        {parts.map((part, index) =>
          part.added ? (
            <ins key={index}>{part.value}</ins>
          ) : part.removed ? (
            <del key={index}>{part.value}</del>
          ) : (
            <span key={index}>{part.value}</span>
          ),
        )}
      </p>
    </div>
  );
}
