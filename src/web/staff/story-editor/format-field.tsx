import { useId } from 'react';
import { FORMAT_LABELS, STORY_FORMATS, type StoryFormat } from '../../../domain/story/story.ts';
import './format-field.css';

interface FormatFieldProps {
  value: StoryFormat;
  /** In edit mode the format is shown, not chosen: it is fixed when the story is created. */
  editing: boolean;
  onChange: (format: StoryFormat) => void;
}

const HINTS: Record<StoryFormat, string> = {
  article: 'One piece of writing, published as a whole.',
  liveblog: 'Short, timestamped updates posted from the live desk as news breaks; readers see each one within seconds.',
};

/** The story's format (docs/product/screens.md, "Story editor"): Article or Live blog, chosen once. */
export function FormatField({ value, editing, onChange }: FormatFieldProps) {
  const legendId = useId();
  return (
    <fieldset className="card format-field" aria-labelledby={legendId}>
      <legend className="card-title" id={legendId}>
        Format
      </legend>
      <div className="format-options">
        {STORY_FORMATS.map((format) => (
          <label key={format} className={`format-option${value === format ? ' is-chosen' : ''}`}>
            <input
              type="radio"
              name="format"
              value={format}
              checked={value === format}
              disabled={editing}
              onChange={() => onChange(format)}
            />
            <span className="format-option-name">{FORMAT_LABELS[format]}</span>
            <span className="format-option-hint">{HINTS[format]}</span>
          </label>
        ))}
      </div>
      {editing ? <p className="field-hint">The format is chosen when a story is created and stays as it is.</p> : null}
    </fieldset>
  );
}
