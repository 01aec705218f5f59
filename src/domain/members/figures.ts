import type { FigureChanges } from './revenue-ports.ts';

/** The members' figures (docs/product/api.md, "Members and reader revenue", GET /api/members/figures). */

export interface FigurePoint {
  /** The day's start, ISO-8601 (UTC); the counts are as the day ended. */
  t: string;
  paid: number;
  free: number;
  comped: number;
  /** Monthly recurring revenue at the day's end, smallest units. */
  mrr: number;
}

export interface FigureMonth {
  /** YYYY-MM */
  month: string;
  new: number;
  cancelled: number;
  donations: { count: number; amount: number };
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * Each day of the range (`days`: their starts, oldest first) with the members as the day ended, and
 * each month the range touches with its new paid members, cancellations and gifts.
 */
export function figureSeries(changes: FigureChanges, days: readonly string[]): { series: FigurePoint[]; months: FigureMonth[] } {
  let readers = changes.readersBefore;
  let paid = changes.paidBefore.count;
  let mrr = changes.paidBefore.worth;
  let comped = changes.compedBefore;
  const series: FigurePoint[] = [];
  const months = new Map<string, FigureMonth>();
  for (const start of days) {
    const d = day(start);
    readers += changes.readersJoined[d] ?? 0;
    const started = changes.paidStarted[d];
    const ended = changes.paidEnded[d];
    paid += (started?.count ?? 0) - (ended?.count ?? 0);
    mrr += (started?.worth ?? 0) - (ended?.worth ?? 0);
    comped += (changes.compsStarted[d] ?? 0) - (changes.compsEnded[d] ?? 0);
    series.push({ t: start, paid, comped, free: Math.max(0, readers - paid - comped), mrr });
    const key = d.slice(0, 7);
    const month = months.get(key) ?? { month: key, new: 0, cancelled: 0, donations: { count: 0, amount: 0 } };
    month.new += started?.count ?? 0;
    month.cancelled += changes.cancelled[d] ?? 0;
    const gifts = changes.donations[d];
    if (gifts) month.donations = { count: month.donations.count + gifts.count, amount: month.donations.amount + gifts.amount };
    months.set(key, month);
  }
  return { series, months: [...months.values()] };
}

/** A whole-day range's default: the 90 days up to and including today. */
export const DEFAULT_FIGURE_DAYS = 90;
