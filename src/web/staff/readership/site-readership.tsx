import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { deviceItems, referrerItems, sourceItems, storyItems } from './breakdown-items.tsx';
import { PeriodSwitch } from './period-switch.tsx';
import { periodPhrase, type PeriodKey } from './periods.ts';
import { RankedList } from './ranked-list.tsx';
import { siteReadershipQuery } from './readership-api.ts';
import { ReportChart, ReportTotal } from './report-chart.tsx';

/**
 * The admin dashboard's readership: views over time for the last 24 hours, 7 or 30 days, the most
 * read stories and beats, where readers came from and on what (GET /api/analytics/site).
 */
export function SiteReadership() {
  const headingId = useId();
  const [period, setPeriod] = useState<PeriodKey>('7d');
  const site = useQuery(siteReadershipQuery(period));
  const data = site.data;
  const pending = site.isPending;
  return (
    <section className="card readership" aria-labelledby={headingId}>
      <div className="readership-heading">
        <div>
          <h2 className="card-title" id={headingId}>
            Readership
          </h2>
          <ReportTotal report={data} period={period} />
        </div>
        <PeriodSwitch value={period} onChange={setPeriod} label="Readership period" />
      </div>
      <ReportChart
        title="Views over time"
        report={site}
        period={period}
        empty={`No views ${periodPhrase(period)} yet. Views appear here within a minute of being read.`}
      />
      <div className="readership-lists">
        <RankedList title="Top stories" items={storyItems(data?.topStories)} empty="No story read yet." loading={pending} />
        <RankedList
          title="Top beats"
          items={data?.beats.map((beat) => ({ key: beat.id, label: beat.name, views: beat.views }))}
          empty="No story on a beat read yet."
          loading={pending}
        />
        <RankedList title="Sources" items={sourceItems(data)} empty="No readers yet." loading={pending} />
        <RankedList title="Referrers" items={referrerItems(data)} empty="No reader came from another site yet." loading={pending} />
        <RankedList title="Devices" items={deviceItems(data)} empty="No readers yet." loading={pending} />
      </div>
      <p className="muted small readership-note">
        Cookie-free: no reader is tracked. Bots are not counted. Times are UTC; views appear within a minute.
      </p>
    </section>
  );
}
