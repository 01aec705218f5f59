import { wordDiff } from './word-diff.ts';

/** The comparison of an older text with a newer one (word-diff.ts): what the newer one added as <ins>, what it took out as <del>; line breaks kept. */
export function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = wordDiff(before, after);
  const changed = parts.some((part) => part.kind !== 'same');
  return (
    <div className="word-diff" aria-label={label} role="group">
      {changed ? null : <p className="muted small">No difference.</p>}
      <p className="word-diff-text">
        {parts.map((part, index) =>
          part.kind === 'added' ? (
            <ins key={index}>{part.text}</ins>
          ) : part.kind === 'removed' ? (
            <del key={index}>{part.text}</del>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </div>
  );
}
