import { useId } from 'react';
import { ACCESS_LABELS, STORY_ACCESS, type StoryAccess } from '../../../domain/members/access.ts';
import { PREVIEW_BREAK_LABEL } from './rich-text/preview-break-node.ts';
import './format-field.css';

interface AccessFieldProps {
  value: StoryAccess;
  /** A live blog is for everyone: the choice is not offered. */
  liveBlog: boolean;
  error?: string;
  onChange: (access: StoryAccess) => void;
}

const HINTS: Record<StoryAccess, string> = {
  public: 'Anyone can read the whole story.',
  members: 'Readers who signed in (free) read it whole; others read the opening.',
  paid: 'Paying and complimentary members read it whole; others read the opening.',
};

/** Who may read the story whole (docs/product/api.md, "Members and reader revenue"; decision 090). */
export function AccessField({ value, liveBlog, error, onChange }: AccessFieldProps) {
  const legendId = useId();
  const hintId = useId();
  return (
    <fieldset className="card format-field access-field" aria-labelledby={legendId} aria-describedby={hintId} id="story-access">
      <legend className="card-title" id={legendId}>
        Access
      </legend>
      {liveBlog ? (
        <p className="field-hint" id={hintId}>
          A live blog is for everyone.
        </p>
      ) : (
        <>
          <div className="format-options">
            {STORY_ACCESS.map((access) => (
              <label key={access} className={`format-option${value === access ? ' is-chosen' : ''}`}>
                <input type="radio" name="access" value={access} checked={value === access} onChange={() => onChange(access)} />
                <span className="format-option-name">{ACCESS_LABELS[access]}</span>
                <span className="format-option-hint">{HINTS[access]}</span>
              </label>
            ))}
          </div>
          <p className="field-hint" id={hintId}>
            The opening is what comes before “{PREVIEW_BREAK_LABEL}” in the text (the toolbar places it), else the first two paragraphs.
          </p>
        </>
      )}
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
