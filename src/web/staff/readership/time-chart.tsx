import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { compactNumber } from '../../../domain/formatting.ts';
import { tickLabel, type Bucket, type Point } from './chart-text.ts';

/**
 * A series over time drawn by uPlot (decision 061) on a canvas as wide as its box, redrawn when the
 * box changes width (a phone turned, a sidebar opened). It is a picture only: ChartFigure gives
 * screen readers the same figures as text and a table.
 */
export interface TimeChartProps {
  points: readonly Point[];
  unit: string;
  bucket: Bucket;
  height: number;
}

const ACCENT = '#b3121f';
const FILL = 'rgba(179, 18, 31, 0.12)';
const GRID = '#e3e3e0';
const INK = '#5f6368';
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** Tick spacing, in seconds, that uPlot may choose from for each kind of bucket. */
const TICK_STEPS: Record<Bucket, number[]> = {
  minute: [MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, DAY],
  hour: [HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 12 * HOUR, DAY],
  day: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY],
};

function options(width: number, { unit, bucket, height, points }: TimeChartProps): uPlot.Options {
  return {
    width,
    height,
    // The buckets are UTC hours, days and minutes: the axis names them in UTC too.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: { y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
    axes: [
      {
        stroke: INK,
        grid: { stroke: GRID, width: 1 },
        ticks: { stroke: GRID, width: 1 },
        font: '11px system-ui, sans-serif',
        // Ticks on whole buckets only (no "8am" on a chart of days), as many as fit.
        incrs: TICK_STEPS[bucket],
        space: 52,
        values: (_u, splits) => splits.map((split) => tickLabel(split * 1000, bucket)),
      },
      {
        stroke: INK,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        size: 40,
        font: '11px system-ui, sans-serif',
        values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? compactNumber(tick) : '')),
      },
    ],
    series: [
      {},
      {
        label: unit,
        stroke: ACCENT,
        width: 2,
        fill: FILL,
        // Dots only where there are few enough points to tell apart; a day has 24 hours, a stream many minutes.
        points: { show: points.length <= 31, size: 5, fill: ACCENT },
        paths: bucket === 'day' && points.length <= 31 ? uPlot.paths.linear!() : undefined,
      },
    ],
  };
}

export default function TimeChart(props: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { points, unit, bucket, height } = props;

  useEffect(() => {
    const element = box.current!;
    const data: uPlot.AlignedData = [points.map((point) => Date.parse(point.t) / 1000), points.map((point) => point.value)];
    const chart = new uPlot(options(element.clientWidth, { points, unit, bucket, height }), data, element);
    const resized = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [points, unit, bucket, height]);

  return <div ref={box} className="time-chart-canvas" aria-hidden="true" />;
}
