import { useQuery } from '@tanstack/react-query';
import { compactNumber } from '../../../domain/formatting.ts';
import { ChartFigure } from './chart-figure.tsx';
import { audienceSummary, bucketLabel } from './chart-text.ts';
import { streamAudienceQuery } from './readership-api.ts';

/** A stream's audience after it ended: viewers minute by minute, its peak and the minutes watched (GET /api/analytics/streams/{id}). */
export function StreamAudienceChart({ streamId, startedAt }: { streamId: number; startedAt: string | null }) {
  const audience = useQuery(streamAudienceQuery(streamId));
  const data = audience.data;
  const when = startedAt ? `${bucketLabel(startedAt, 'hour')} UTC` : 'this stream';
  return (
    <section className="stream-audience" aria-label={`Live audience, ${when}`}>
      <h4 className="ranked-title">Live audience, {when}</h4>
      {data ? (
        <dl className="stream-audience-figures">
          <div>
            <dt>Peak viewers</dt>
            <dd>{compactNumber(data.peakViewers)}</dd>
          </div>
          <div>
            <dt>Minutes watched</dt>
            <dd>{compactNumber(data.viewerMinutes)}</dd>
          </div>
        </dl>
      ) : null}
      <ChartFigure
        title="Viewers over time"
        points={data?.series.map((point) => ({ t: point.t, value: point.viewers }))}
        unit="viewer"
        bucket="minute"
        span="while on air"
        loading={audience.isPending}
        failed={audience.isError}
        retry={() => void audience.refetch()}
        empty="Nobody watched this stream live."
        summary={data ? audienceSummary(data) : undefined}
        height={120}
      />
    </section>
  );
}
