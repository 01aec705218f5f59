import type { UseQueryResult } from '@tanstack/react-query';
import type { ReadershipReport } from '../../../domain/readership/readership.ts';
import { ChartFigure } from './chart-figure.tsx';
import { plural } from './chart-text.ts';
import { periodOf, periodPhrase, type PeriodKey } from './periods.ts';

/** A readership report's views over time for its period, with the report's loading and failure. */
export function ReportChart({
  title,
  report,
  period,
  empty,
  height,
}: {
  title: string;
  report: UseQueryResult<ReadershipReport>;
  period: PeriodKey;
  empty: string;
  height?: number;
}) {
  return (
    <ChartFigure
      title={title}
      points={report.data?.series.map((point) => ({ t: point.t, value: point.views }))}
      unit="view"
      bucket={periodOf(period).interval}
      span={periodPhrase(period)}
      loading={report.isPending}
      failed={report.isError}
      retry={() => void report.refetch()}
      empty={empty}
      height={height}
    />
  );
}

/** "1.2K views in the last 7 days", announced when it changes; a blank line until the report is in. */
export function ReportTotal({
  report,
  period,
  after = '',
  className = '',
}: {
  report: ReadershipReport | undefined;
  period: PeriodKey;
  after?: string;
  className?: string;
}) {
  return (
    <p className={`readership-total ${className}`.trim()} aria-live="polite">
      {report ? `${plural(report.total, 'view')} ${periodPhrase(period)}${after}` : '\u00a0'}
    </p>
  );
}
