import type { Beat } from '../../../domain/beats/entities.ts';
import { Field, SelectField, TextAreaField, TextField } from '../../forms/form-field.tsx';
import { VideoPreview } from './video-preview.tsx';
import type { UploadMedia } from '../uploads/accepted-media.ts';
import { FeaturedPictureField } from './featured-picture-field.tsx';
import { storyFieldId, type SetStoryField, type StoryFormErrors, type StoryFormValues } from './story-form-values.ts';
import { BeatOptions } from '../beat-options.tsx';

interface StoryDetailsCardProps {
  headingId: string;
  values: StoryFormValues;
  errors: StoryFormErrors;
  /** The beats to offer (until the list arrives, the story's own). */
  beats: Pick<Beat, 'id' | 'name'>[];
  onField: SetStoryField;
  onTitle: (title: string) => void;
  uploadMedia: UploadMedia;
}

/** The editor's "Story Details" card (docs/product/screens.md): title, slug, description, beat, featured picture (with its words) and video, with their previews. */
export function StoryDetailsCard({ headingId, values, errors, beats, onField, onTitle, uploadMedia }: StoryDetailsCardProps) {
  const host = typeof location === 'undefined' ? '' : location.host;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 className="card-title" id={headingId}>
        Story Details
      </h2>
      <TextField
        id={storyFieldId('title')}
        name="title"
        label="Title"
        placeholder="Enter story title"
        value={values.title}
        maxLength={255}
        required
        error={errors.title}
        onChange={(event) => onTitle(event.target.value)}
      />
      <Field
        id={storyFieldId('slug')}
        label="URL Slug (optional)"
        hint="Leave blank to auto-generate from the title, or use lowercase letters, numbers and hyphens."
        error={errors.slug}
      >
        {(control) => (
          <div className="input-group">
            <span className="input-prefix" aria-hidden="true">
              {host}/story/
            </span>
            <input
              className="input"
              name="slug"
              value={values.slug}
              maxLength={255}
              placeholder="story-url-slug"
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => onField('slug', event.target.value)}
              {...control}
            />
          </div>
        )}
      </Field>
      <TextAreaField
        id={storyFieldId('description')}
        name="description"
        label="Description"
        placeholder="Brief description of the story"
        rows={3}
        value={values.description}
        required
        error={errors.description}
        onChange={(event) => onField('description', event.target.value)}
      />
      <SelectField
        id={storyFieldId('beatId')}
        name="beatId"
        label="Beat"
        value={values.beatId}
        error={errors.beatId}
        onChange={(event) => onField('beatId', event.target.value)}
      >
        <BeatOptions beats={beats} />
      </SelectField>
      <FeaturedPictureField values={values} errors={errors} onField={onField} uploadMedia={uploadMedia} />
      <div>
        <TextField
          id={storyFieldId('videoUrl')}
          name="videoUrl"
          type="url"
          label="Video URL"
          placeholder="https://www.youtube.com/watch?v=..."
          hint="YouTube links become an embedded player; other links play in a video player."
          value={values.videoUrl}
          error={errors.videoUrl}
          onChange={(event) => onField('videoUrl', event.target.value)}
        />
        {values.videoUrl.trim() ? (
          <VideoPreview
            url={values.videoUrl.trim()}
            title={values.title || 'Video preview'}
            poster={values.featuredImageUrl.trim() || null}
          />
        ) : null}
      </div>
    </section>
  );
}
