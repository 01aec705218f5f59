import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../domain/members/money.ts';
import { ChartFigure } from '../readership/chart-figure.tsx';
import { memberFiguresQuery, type FiguresAnswer } from './members-api.ts';
import { countOf } from '../../../domain/plural.ts';

/** The Members tab's figures (GET /api/members/figures): numbers now, paid and free over 90 days, MRR, each month's new, cancelled and gifts. */
export function MemberFigures() {
  const figures = useQuery(memberFiguresQuery());
  const data = figures.data;
  const chart = (
    title: string,
    unit: string,
    value: (point: FiguresAnswer['series'][number]) => number,
    summary: string | undefined,
    empty: string,
  ) => (
    <section className="member-chart" aria-label={title}>
      <h3 className="card-subtitle">{title}</h3>
      <ChartFigure
        title={title}
        points={data?.series.map((point) => ({ t: point.t, value: value(point) }))}
        unit={unit}
        bucket="day"
        span="in the last 90 days"
        loading={figures.isPending}
        failed={figures.isError}
        retry={() => void figures.refetch()}
        empty={empty}
        summary={summary}
        height={160}
      />
    </section>
  );
  const last = data?.series.at(-1);
  return (
    <section className="card member-figures" aria-labelledby="member-figures-title">
      <h2 className="card-title" id="member-figures-title">
        Members
      </h2>
      {data ? (
        <dl className="member-numbers">
          <div>
            <dt>Paying</dt>
            <dd>{data.paidMembers.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Comped</dt>
            <dd>{data.compedMembers.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Free</dt>
            <dd>{data.freeMembers.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>MRR</dt>
            <dd>{formatMoney(data.mrr)}</dd>
          </div>
          <div>
            <dt>Gifts, 90 days</dt>
            <dd>
              {formatMoney({ amount: data.donations.amount, currency: data.donations.currency })} (
              {data.donations.count.toLocaleString('en-US')})
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="member-charts">
        {chart(
          'Paying members',
          'paying member',
          (p) => p.paid,
          last ? `${countOf(last.paid, 'paying member')} today.` : undefined,
          'No paying members yet.',
        )}
        {chart(
          'Free members',
          'free member',
          (p) => p.free,
          last ? `${countOf(last.free, 'free member')} today.` : undefined,
          'No free members yet.',
        )}
        {chart(
          'MRR',
          'unit',
          (p) => p.mrr / 100,
          data ? `Monthly recurring revenue today: ${formatMoney(data.mrr)}.` : undefined,
          'No recurring revenue yet.',
        )}
      </div>
      {data ? <MonthTable months={data.months} currency={data.mrr.currency} /> : null}
    </section>
  );
}

/** New and cancelled paid members and gifts per month, as bars a screen reader reads as a table. */
function MonthTable({ months, currency }: { months: FiguresAnswer['months']; currency: string }) {
  const most = Math.max(1, ...months.flatMap((month) => [month.new, month.cancelled]));
  return (
    <table className="member-months">
      <caption>New and cancelled per month, and gifts</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">New paying</th>
          <th scope="col">Cancelled</th>
          <th scope="col">Gifts</th>
        </tr>
      </thead>
      <tbody>
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{month.month}</th>
            <td>
              <span className="member-bar member-bar-new" style={{ width: `${(month.new / most) * 100}%` }} aria-hidden="true" />
              {month.new}
            </td>
            <td>
              <span
                className="member-bar member-bar-cancelled"
                style={{ width: `${(month.cancelled / most) * 100}%` }}
                aria-hidden="true"
              />
              {month.cancelled}
            </td>
            <td>
              {month.donations.count} · {formatMoney({ amount: month.donations.amount, currency })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
