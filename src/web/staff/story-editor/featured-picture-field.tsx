import { useEffect, useId, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { PICTURE_TEXT_MAX } from '../../../domain/story/schemas.ts';
import { TextAreaField, TextField } from '../../forms/form-field.tsx';
import { ACCEPTED_IMAGES, type UploadMedia } from '../uploads/accepted-media.ts';
import { storyFieldId, type SetStoryField, type StoryFormErrors, type StoryFormValues } from './story-form-values.ts';

interface FeaturedPictureFieldProps {
  values: Pick<StoryFormValues, 'featuredImageUrl' | 'featuredImageAlt' | 'featuredImageCaption' | 'featuredImageCredit' | 'title'>;
  errors: StoryFormErrors;
  onField: SetStoryField;
  uploadMedia: UploadMedia;
}

type UploadState = { step: 'idle' } | { step: 'uploading'; name: string; percent: number } | { step: 'failed'; message: string };

/**
 * The story's picture (docs/product/api-pictures.md): dropped or chosen and uploaded, or its
 * address pasted; then the words a newsroom publishes with it: alt text for readers who cannot see
 * it, a caption and a credit, each saved with the story.
 */
export function FeaturedPictureField({ values, errors, onField, uploadMedia }: FeaturedPictureFieldProps) {
  const [upload, setUpload] = useState<UploadState>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const statusId = useId();
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ step: 'uploading', name: file.name, percent: 0 });
    try {
      const { url } = await uploadMedia(file, {
        signal: controller.signal,
        onProgress: (fraction) => setUpload({ step: 'uploading', name: file.name, percent: Math.round(fraction * 100) }),
      });
      onField('featuredImageUrl', url);
      setUpload({ step: 'idle' });
    } catch {
      if (!controller.signal.aborted)
        setUpload({ step: 'failed', message: `${file.name} could not be uploaded. Try again, or paste the picture’s address.` });
    }
  };

  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    if (rejections.length > 0)
      return setUpload({
        step: 'failed',
        message: rejections.map(({ file, errors: why }) => `${file.name}: ${why.map((e) => e.message).join('; ')}`).join(' '),
      });
    if (accepted[0]) void start(accepted[0]);
  };
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: ACCEPTED_IMAGES,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    onDrop,
  });

  const url = values.featuredImageUrl.trim();
  return (
    <fieldset className="picture-field">
      <legend className="field-label">Featured Image</legend>
      <div {...getRootProps({ className: `dropzone picture-dropzone${isDragActive ? ' is-dragging' : ''}` })}>
        <input {...getInputProps({ 'aria-label': 'Choose a picture file' })} />
        {url && !errors.featuredImageUrl ? (
          <img className="featured-image-preview" src={url} alt={values.featuredImageAlt.trim() || 'The story’s picture'} />
        ) : null}
        <p>{isDragActive ? 'Drop the picture here' : url ? 'Drop another picture here to replace it, or' : 'Drop a picture here, or'}</p>
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={open}
            aria-describedby={statusId}
            disabled={upload.step === 'uploading'}
          >
            Choose a Picture
          </button>
          {url ? (
            <button type="button" className="button button-ghost button-small" onClick={() => onField('featuredImageUrl', '')}>
              Remove Picture
            </button>
          ) : null}
        </div>
        <p
          id={statusId}
          className={upload.step === 'failed' ? 'field-error' : 'field-hint'}
          role={upload.step === 'failed' ? 'alert' : 'status'}
        >
          {upload.step === 'uploading'
            ? `Uploading ${upload.name}… ${upload.percent}%`
            : upload.step === 'failed'
              ? upload.message
              : 'PNG, JPG, GIF or WEBP.'}
        </p>
      </div>
      <TextField
        id={storyFieldId('featuredImageUrl')}
        name="featuredImageUrl"
        type="url"
        label="…or the picture’s address"
        placeholder="https://example.com/image.jpg"
        value={values.featuredImageUrl}
        maxLength={500}
        error={errors.featuredImageUrl}
        onChange={(event) => onField('featuredImageUrl', event.target.value)}
      />
      <TextField
        id={storyFieldId('featuredImageAlt')}
        name="featuredImageAlt"
        label="Alt text"
        hint={`What the picture shows, for readers who cannot see it (at most ${PICTURE_TEXT_MAX.alt} characters).`}
        value={values.featuredImageAlt}
        maxLength={PICTURE_TEXT_MAX.alt}
        error={errors.featuredImageAlt}
        onChange={(event) => onField('featuredImageAlt', event.target.value)}
      />
      <TextAreaField
        id={storyFieldId('featuredImageCaption')}
        name="featuredImageCaption"
        label="Caption (optional)"
        rows={2}
        value={values.featuredImageCaption}
        maxLength={PICTURE_TEXT_MAX.caption}
        error={errors.featuredImageCaption}
        onChange={(event) => onField('featuredImageCaption', event.target.value)}
      />
      <TextField
        id={storyFieldId('featuredImageCredit')}
        name="featuredImageCredit"
        label="Credit (optional)"
        placeholder="Photograph: name/agency"
        value={values.featuredImageCredit}
        maxLength={PICTURE_TEXT_MAX.credit}
        error={errors.featuredImageCredit}
        onChange={(event) => onField('featuredImageCredit', event.target.value)}
      />
    </fieldset>
  );
}
