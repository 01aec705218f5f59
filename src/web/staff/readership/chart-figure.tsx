import { lazy, Suspense, useId } from 'react';
import { compactNumber } from '../../../domain/formatting.ts';
import { LoadFailed } from '../load-failed.tsx';
import { bucketLabel, chartSummary, type Bucket, type Point } from './chart-text.ts';
import './readership.css';

/** uPlot and the canvas come after the figures: the screen shows its text and table without waiting for them. */
const TimeChart = lazy(() => import('./time-chart.tsx'));

export interface ChartFigureProps {
  /** What the chart shows, e.g. "Views over time". */
  title: string;
  points: readonly Point[] | undefined;
  unit: string;
  bucket: Bucket;
  /** "in the last 7 days" */
  span: string;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  /** Said instead of a flat line when every point is zero. */
  empty: string;
  /** The chart in words, when adding its points up says nothing (a stream's viewers a minute). */
  summary?: string;
  height?: number;
}

/**
 * A chart over time with everything around it: a loading state of the chart's own height, a
 * failure with "Try again", an empty state in words, and for a chart with figures a summary (its
 * text alternative, read by screen readers as the figure's caption) and the same figures as a table.
 */
export function ChartFigure({ title, points, unit, bucket, span, loading, failed, retry, empty, summary, height = 180 }: ChartFigureProps) {
  const tableId = useId();
  if (failed && !points) return <LoadFailed what={title} retry={retry} />;
  if (loading || !points) {
    return (
      <div className="chart-placeholder" style={{ height }} role="status" aria-busy="true">
        <span>Loading {title.toLowerCase()}…</span>
      </div>
    );
  }
  if (points.every((point) => point.value === 0)) {
    return (
      <p className="chart-empty" style={{ minHeight: Math.min(height, 96) }}>
        {empty}
      </p>
    );
  }
  return (
    <figure className="time-chart" aria-labelledby={`${tableId}-caption`}>
      <Suspense fallback={<div className="chart-placeholder" style={{ height }} aria-hidden="true" />}>
        <TimeChart points={points} unit={unit} bucket={bucket} height={height} />
      </Suspense>
      <figcaption id={`${tableId}-caption`} className="chart-summary">
        {summary ?? chartSummary(points, unit, bucket, span)}
      </figcaption>
      <details className="chart-table">
        <summary>Show as a table</summary>
        <div className="chart-table-scroll">
          <table>
            <caption className="visually-hidden">
              {title}, {span} (UTC)
            </caption>
            <thead>
              <tr>
                <th scope="col">{bucket === 'day' ? 'Day (UTC)' : 'Time (UTC)'}</th>
                <th scope="col">{unit[0]!.toUpperCase() + unit.slice(1)}s</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.t}>
                  <th scope="row">{bucketLabel(point.t, bucket)}</th>
                  <td>{compactNumber(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
