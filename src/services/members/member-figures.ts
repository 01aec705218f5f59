import { ValidationError } from '../../domain/errors.ts';
import { DEFAULT_FIGURE_DAYS, figureSeries } from '../../domain/members/figures.ts';
import type { FiguresAnswer } from '../../domain/members/answers.ts';
import type { MemberFigures, TierRepository } from '../../domain/members/revenue-ports.ts';
import { DEFAULT_CURRENCY } from '../../domain/members/money.ts';
import { DAY_MS, resolveRange } from '../../domain/readership/analytics-range.ts';
import type { Clock } from '../../domain/time.ts';

/** GET /api/members/figures (docs/product/api.md, "Members and reader revenue"): the Members tab's numbers and charts. */

export interface FiguresDeps {
  figures: MemberFigures;
  tiers: Pick<TierRepository, 'list'>;
  clock: Clock;
}

export async function memberFigures(deps: FiguresDeps, query: { from?: string; to?: string }): Promise<FiguresAnswer> {
  const now = deps.clock.now();
  // Without `from`, the DEFAULT_FIGURE_DAYS days up to and including `to` (else today).
  const to = query.to ?? now.slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to.slice(0, 10)) - (DEFAULT_FIGURE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const resolved = resolveRange({ from, to, interval: 'day' }, now);
  if (!resolved.ok) throw new ValidationError({ [resolved.field]: resolved.message });
  const { range } = resolved;
  const [changes, current, tiers] = await Promise.all([
    deps.figures.changes(range.start, range.end),
    deps.figures.current(now),
    deps.tiers.list(),
  ]);
  const { series, months } = figureSeries(changes, range.buckets);
  // Amounts are counted in the tiers' currency (one per site in practice; decision 093).
  const currency = tiers[0]?.monthly.currency ?? DEFAULT_CURRENCY;
  const donations = months.reduce(
    (sum, month) => ({ count: sum.count + month.donations.count, amount: sum.amount + month.donations.amount }),
    {
      count: 0,
      amount: 0,
    },
  );
  return {
    paidMembers: current.paid,
    compedMembers: current.comped,
    freeMembers: Math.max(0, current.readers - current.paid - current.comped),
    mrr: { amount: current.mrr, currency },
    series,
    months,
    donations: { ...donations, currency },
  };
}
