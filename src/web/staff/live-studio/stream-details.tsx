import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { STREAM_DESCRIPTION_MAX } from '../../../domain/live-video/schemas.ts';
import { beatsQuery } from '../../api/beat-queries.ts';
import { SelectField, TextAreaField } from '../../forms/form-field.tsx';
import { createSessionStore } from '../camera/session-store.ts';
import { BeatOptions } from '../beat-options.tsx';

/** What a stream's story says besides its title: both optional (a reader-facing text is written without them). */
export interface StreamDetails {
  description: string;
  /** A beat's id as the select holds it, '' for none. */
  beatId: string;
}

/** Held outside React like the live session itself, so switching tabs keeps what was typed. */
export const streamDetails = createSessionStore<StreamDetails>({ description: '', beatId: '' });

/** The Live Stream tab's optional description and beat, editable until the stream starts. */
export function StreamDetailsFields({ disabled }: { disabled: boolean }) {
  const details = useSyncExternalStore(streamDetails.subscribe, streamDetails.get, streamDetails.get);
  const { data: beats = [] } = useQuery(beatsQuery());
  return (
    <>
      <TextAreaField
        label="Description (optional)"
        hint="What readers see under the title. Without one, the story says who is reporting live."
        value={details.description}
        onChange={(event) => streamDetails.set({ description: event.target.value })}
        maxLength={STREAM_DESCRIPTION_MAX}
        rows={2}
        disabled={disabled}
      />
      <SelectField
        label="Beat (optional)"
        value={details.beatId}
        onChange={(event) => streamDetails.set({ beatId: event.target.value })}
        disabled={disabled}
      >
        <BeatOptions beats={beats} />
      </SelectField>
    </>
  );
}
