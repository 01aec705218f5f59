import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../forms/dialog.tsx';
import { TextField } from '../../../forms/form-field.tsx';

export type LinkDialogMode = 'link' | 'youtube';

interface LinkDialogProps {
  /** Which address is asked for (null: the dialog is closed), and what it starts with. */
  request: { mode: LinkDialogMode; initial: string } | null;
  /** Checks what was typed: null when it is fine, else why it cannot be used (shown at the field). */
  problemWith: (mode: LinkDialogMode, value: string) => string | null;
  onSubmit: (mode: LinkDialogMode, value: string) => void;
  /** Offered when editing a link that exists. */
  onRemove?: () => void;
  onClose: () => void;
}

const TEXTS: Record<LinkDialogMode, { title: string; label: string; placeholder: string; submit: string }> = {
  link: { title: 'Link', label: 'Enter URL:', placeholder: 'https://example.com/page', submit: 'Apply Link' },
  youtube: {
    title: 'YouTube video',
    label: 'Enter YouTube URL:',
    placeholder: 'https://www.youtube.com/watch?v=…',
    submit: 'Insert Video',
  },
};

/**
 * The editor's own dialog for a link or a YouTube video (in place of the browser's prompt(), which
 * blocks the page, cannot say what is wrong and looks like nothing else in the app). Its questions
 * are SPEC's ("Enter URL:", "Enter YouTube URL:").
 */
export function LinkDialog({ request, problemWith, onSubmit, onRemove, onClose }: LinkDialogProps) {
  const texts = request ? TEXTS[request.mode] : TEXTS.link;
  return (
    <Dialog open={request !== null} onClose={onClose} title={texts.title}>
      {request ? (
        <LinkForm
          key={`${request.mode}:${request.initial}`}
          request={request}
          problemWith={problemWith}
          onSubmit={onSubmit}
          onRemove={onRemove}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function LinkForm({
  request,
  problemWith,
  onSubmit,
  onRemove,
  onClose,
}: Omit<LinkDialogProps, 'request'> & { request: { mode: LinkDialogMode; initial: string } }) {
  const texts = TEXTS[request.mode];
  const [value, setValue] = useState(request.initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemWith(request.mode, value);
    if (problem) return setError(problem);
    onSubmit(request.mode, value);
  };
  return (
    <form className="dialog-form" noValidate onSubmit={submit}>
      <TextField
        label={texts.label}
        type="url"
        inputMode="url"
        data-autofocus
        placeholder={texts.placeholder}
        value={value}
        error={error ?? undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      <div className="dialog-actions">
        {onRemove && request.mode === 'link' && request.initial ? (
          <button type="button" className="button button-ghost" onClick={onRemove}>
            Remove Link
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary">
          {texts.submit}
        </button>
      </div>
    </form>
  );
}
