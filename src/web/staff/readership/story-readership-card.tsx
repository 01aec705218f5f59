import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import { plural } from './chart-text.ts';
import { deviceItems, referrerItems, sourceItems } from './breakdown-items.tsx';
import { PeriodSwitch } from './period-switch.tsx';
import { periodPhrase, type PeriodKey } from './periods.ts';
import { RankedList } from './ranked-list.tsx';
import { storyReadershipQuery, storyStreamsQuery } from './readership-api.ts';
import { ReportChart, ReportTotal } from './report-chart.tsx';
import { StreamAudienceChart } from './stream-audience-chart.tsx';
import { StoryFediverse } from '../fediverse/story-fediverse.tsx';

/** The editor's readership card: this story's views over time, where its readers came from, and its live streams' audience once they ended. */
export function StoryReadershipCard({ story }: { story: Story }) {
  const headingId = useId();
  const [period, setPeriod] = useState<PeriodKey>('7d');
  const figures = useQuery(storyReadershipQuery(story.id, period));
  const streams = useQuery(storyStreamsQuery(story.id));
  const ended = (streams.data ?? [])
    .filter((stream) => !stream.isActive)
    .slice(-3)
    .reverse();
  const data = figures.data;
  const notYet = story.status !== 'published' && !story.publishedAt;
  return (
    <section className="card readership story-readership" aria-labelledby={headingId}>
      <div className="readership-heading">
        <div>
          <h2 className="card-title" id={headingId}>
            Readership
          </h2>
          <ReportTotal report={data} period={period} after={` · ${plural(story.views, 'view')} in all`} className="small" />
        </div>
        <PeriodSwitch value={period} onChange={setPeriod} label="Story readership period" />
      </div>
      <ReportChart
        title="Views of this story"
        report={figures}
        period={period}
        empty={notYet ? 'Views are counted once the story is published.' : `No views ${periodPhrase(period)}.`}
        height={140}
      />
      <div className="readership-lists">
        <RankedList title="Sources" items={sourceItems(data)} empty="No readers yet." loading={figures.isPending} />
        <RankedList
          title="Referrers"
          items={referrerItems(data, 5)}
          empty="No reader came from another site yet."
          loading={figures.isPending}
        />
        <RankedList title="Devices" items={deviceItems(data)} empty="No readers yet." loading={figures.isPending} />
      </div>
      {ended.map((stream) => (
        <StreamAudienceChart key={stream.id} streamId={stream.id} startedAt={stream.startedAt} />
      ))}
      <StoryFediverse storyId={story.id} />
    </section>
  );
}
