import type { Beat } from '../../domain/beats/entities.ts';

/** A beat select's options (docs/product/screens.md): "No beat assigned" (value ''), then each beat by name (value: its id). */
export function BeatOptions({ beats }: { beats: readonly Pick<Beat, 'id' | 'name'>[] }) {
  return (
    <>
      <option value="">No beat assigned</option>
      {beats.map((beat) => (
        <option key={beat.id} value={String(beat.id)}>
          {beat.name}
        </option>
      ))}
    </>
  );
}
