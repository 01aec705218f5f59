import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { storyItems } from './breakdown-items.tsx';
import { PeriodSwitch } from './period-switch.tsx';
import { periodPhrase, type PeriodKey } from './periods.ts';
import { RankedList } from './ranked-list.tsx';
import { myReadershipQuery } from './readership-api.ts';
import { ReportChart, ReportTotal } from './report-chart.tsx';

/** "Your Stats", readership part: the reporter's own stories' views over time and their top five (GET /api/analytics/me). */
export function YourReadership() {
  const [period, setPeriod] = useState<PeriodKey>('7d');
  const mine = useQuery(myReadershipQuery(period));
  const data = mine.data;
  return (
    <div className="your-readership">
      <div className="readership-heading compact">
        <h3 className="ranked-title">Your readers</h3>
        <PeriodSwitch value={period} onChange={setPeriod} label="Your readers: period" />
      </div>
      <ReportTotal report={data} period={period} className="small" />
      <ReportChart
        title="Views of your stories"
        report={mine}
        period={period}
        empty={`No views of your stories ${periodPhrase(period)} yet.`}
        height={140}
      />
      <RankedList
        title="Your top five"
        items={storyItems(data?.topStories, 5)}
        empty="None of your stories has been read yet."
        loading={mine.isPending}
      />
    </div>
  );
}
