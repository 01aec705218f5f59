import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../forms/dialog.tsx';
import { TextAreaField, TextField } from '../../../forms/form-field.tsx';
import { PICTURE_TEXT_MAX } from '../../../../domain/story/schemas.ts';

export const ALT_REQUIRED = 'Describe what the picture shows, for readers who cannot see it';

export interface PictureWords {
  alt: string;
  caption: string;
}

interface PictureDialogProps {
  /** The picture being described (null: the dialog is closed). */
  picture: ({ src: string } & PictureWords) | null;
  onSave: (words: PictureWords) => void;
  /** Takes the picture out of the story (offered for one just dropped in). */
  onRemove?: () => void;
  onClose: () => void;
}

/** "Describe the picture": its alt text (needed) and an optional caption, for a picture in the story text. */
export function PictureDialog({ picture, onSave, onRemove, onClose }: PictureDialogProps) {
  return (
    <Dialog
      open={picture !== null}
      onClose={onClose}
      title="Describe the picture"
      description="Readers who cannot see the picture hear its alt text; the caption shows under it."
    >
      {picture ? <PictureForm key={picture.src} picture={picture} onSave={onSave} onRemove={onRemove} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PictureForm({
  picture,
  onSave,
  onRemove,
  onClose,
}: Omit<PictureDialogProps, 'picture'> & { picture: { src: string } & PictureWords }) {
  const [alt, setAlt] = useState(picture.alt);
  const [caption, setCaption] = useState(picture.caption);
  const [error, setError] = useState<string | undefined>();
  const altId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!alt.trim()) return setError(ALT_REQUIRED);
    onSave({ alt: alt.replace(/\s+/g, ' ').trim(), caption: caption.replace(/\s+/g, ' ').trim() });
  };
  return (
    <form className="dialog-form" noValidate onSubmit={submit}>
      <img className="picture-dialog-preview" src={picture.src} alt="" />
      <TextField
        id={altId}
        label="Alt text"
        required
        data-autofocus
        value={alt}
        maxLength={PICTURE_TEXT_MAX.alt}
        error={error}
        onChange={(event) => {
          setAlt(event.target.value);
          setError(undefined);
        }}
      />
      <TextAreaField
        label="Caption (optional)"
        rows={2}
        value={caption}
        maxLength={PICTURE_TEXT_MAX.caption}
        onChange={(event) => setCaption(event.target.value)}
      />
      <div className="dialog-actions">
        {onRemove ? (
          <button type="button" className="button button-ghost" onClick={onRemove}>
            Remove Picture
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button-primary">
          Save
        </button>
      </div>
    </form>
  );
}
