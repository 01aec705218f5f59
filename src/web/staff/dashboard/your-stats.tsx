import { useQuery } from '@tanstack/react-query';
import { myFiguresQuery } from '../figures-queries.ts';
import { compactNumber } from '../../../domain/formatting.ts';
import { LoadFailed } from '../load-failed.tsx';
import { YourReadership } from '../readership/your-readership.tsx';

/** "Your Stats": the reporter's own figures and beat assignment ("General" when none is assigned), and their readers. */
export function YourStats() {
  const figures = useQuery(myFiguresQuery());
  const value = (n: number | undefined) => (n === undefined ? '–' : compactNumber(n));
  const beats = figures.data?.beats ?? [];
  return (
    <section className="card" aria-labelledby="your-stats-title">
      <h2 className="card-title" id="your-stats-title">
        Your Stats
      </h2>
      {figures.isError ? <LoadFailed what="Your figures" retry={() => void figures.refetch()} /> : null}
      <dl className="stat-list" aria-busy={figures.isPending}>
        <div>
          <dt>Published Stories</dt>
          <dd>{value(figures.data?.publishedStories)}</dd>
        </div>
        <div>
          <dt>Draft Stories</dt>
          <dd>{value(figures.data?.draftStories)}</dd>
        </div>
        <div>
          <dt>In Review</dt>
          <dd>{value(figures.data?.inReviewStories)}</dd>
        </div>
        <div>
          <dt>Scheduled</dt>
          <dd>{value(figures.data?.scheduledStories)}</dd>
        </div>
        <div>
          <dt>Live Streams</dt>
          <dd>{value(figures.data?.liveStreams)}</dd>
        </div>
        <div>
          <dt>Total Views</dt>
          <dd>{value(figures.data?.totalViews)}</dd>
        </div>
        <div className="stat-beats">
          <dt>Beat Assignment</dt>
          <dd>
            {figures.isPending ? (
              '–'
            ) : beats.length === 0 ? (
              <span className="badge badge-neutral">General</span>
            ) : (
              beats.map((beat) => (
                <span key={beat.id} className="badge badge-beat">
                  {beat.name}
                </span>
              ))
            )}
          </dd>
        </div>
      </dl>
      <YourReadership />
    </section>
  );
}
