import type { StoryStatus } from '../../../domain/story/story.ts';
import { TextField } from '../../forms/form-field.tsx';
import { localTimeZone } from './local-time.ts';
import { storyFieldId } from './story-form-values.ts';

/**
 * "Schedule", beside the status: the date and time a scheduled story goes out, or the time its
 * author asks for while it is in review, typed and shown in the reporter's own time zone.
 */
export function ScheduleField({
  status,
  value,
  error,
  onChange,
}: {
  status: StoryStatus;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  if (status !== 'scheduled' && status !== 'in_review') return null;
  return (
    <TextField
      id={storyFieldId('publishAt')}
      name="publishAt"
      type="datetime-local"
      label={status === 'scheduled' ? 'Publish on' : 'Publish on (optional)'}
      hint={`Your time (${localTimeZone()}).${status === 'in_review' ? ' Approved before then, it goes out at this time.' : ''}`}
      value={value}
      required={status === 'scheduled'}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
