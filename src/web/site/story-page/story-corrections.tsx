import type { Story } from '../../../domain/story/entities.ts';
import { formatFullDate } from '../../../domain/dates.ts';

/** The story's corrections at its end, oldest first: "Correction, November 23, 2026 at 10:00 AM UTC: ..." (the reading view writes the same). */
export function StoryCorrections({ story }: { story: Story }) {
  if (story.corrections.length === 0) return null;
  return (
    <section className="article-corrections" aria-labelledby="corrections-heading">
      <h2 id="corrections-heading">Corrections</h2>
      <ul>
        {story.corrections.map((correction) => (
          <li key={correction.id}>
            <time dateTime={correction.createdAt}>
              <strong>Correction, {formatFullDate(correction.createdAt)}:</strong>
            </time>{' '}
            {correction.note}
          </li>
        ))}
      </ul>
    </section>
  );
}
