import type { StoryStatus } from '../../../domain/story/story.ts';
import { CheckboxField, SelectField } from '../../forms/form-field.tsx';
import { ScheduleField } from './schedule-field.tsx';
import {
  STATUS_LABELS,
  STORY_STATUSES,
  storyFieldId,
  type SetStoryField,
  type StoryFormErrors,
  type StoryFormValues,
} from './story-form-values.ts';

interface PublishingCardProps {
  headingId: string;
  values: StoryFormValues;
  errors: StoryFormErrors;
  onField: SetStoryField;
  /** The stored story's status: a story already in review keeps "In review" selectable. */
  storedStatus: StoryStatus | undefined;
  /** Whether this reporter may send the story to the review queue. */
  mayReview: boolean;
  /** Saving is not possible now (a save under way, uploads still going). */
  blocked: boolean;
  onSubmitForReview: () => void;
}

/**
 * The editor's "Publishing Options" card (docs/product/screens.md): status, schedule, featured, and
 * "Submit for review". Saving is the action bar's (editor-action-bar.tsx).
 */
export function PublishingCard(props: PublishingCardProps) {
  const { headingId, values, errors, onField, storedStatus, mayReview, blocked, onSubmitForReview } = props;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 className="card-title" id={headingId}>
        Publishing Options
      </h2>
      <div className="status-schedule">
        <SelectField
          id={storyFieldId('status')}
          name="status"
          label="Status"
          value={values.status}
          error={errors.status}
          onChange={(event) => onField('status', event.target.value as StoryFormValues['status'])}
        >
          {STORY_STATUSES.map((status) => (
            <option key={status} value={status} disabled={status === 'in_review' && !mayReview && storedStatus !== 'in_review'}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <ScheduleField
          status={values.status}
          value={values.publishAt}
          error={errors.publishAt}
          onChange={(value) => onField('publishAt', value)}
        />
      </div>
      <div className="featured-check">
        <CheckboxField
          id={storyFieldId('isFeatured')}
          name="isFeatured"
          label="Mark as featured story"
          checked={values.isFeatured}
          onChange={(event) => onField('isFeatured', event.target.checked)}
        />
        {values.isFeatured ? <span className="featured-note">(Currently Featured)</span> : null}
      </div>
      {mayReview && values.status !== 'in_review' && values.status !== 'published' ? (
        <div className="review-submit">
          <button type="button" className="button button-secondary button-block" disabled={blocked} onClick={onSubmitForReview}>
            Submit for review
          </button>
          <p className="muted small">An editor reads it before it goes out{values.publishAt ? ', at the time you chose' : ''}.</p>
        </div>
      ) : null}
    </section>
  );
}
