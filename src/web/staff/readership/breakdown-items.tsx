import { Link } from '@tanstack/react-router';
import type { ReadershipReport, TopStory } from '../../../domain/readership/readership.ts';
import type { RankedItem } from './ranked-list.tsx';

/** The API's breakdowns as ranked rows with the words the screens use. */

const SOURCE_LABELS: Record<ReadershipReport['sources'][number]['source'], string> = {
  search: 'Search engines',
  social: 'Social media',
  news: 'News apps and aggregators',
  email: 'Email',
  direct: 'Direct (no referrer)',
  other: 'Other sites',
};

const DEVICE_LABELS: Record<ReadershipReport['devices'][number]['device'], string> = {
  mobile: 'Phones',
  tablet: 'Tablets',
  desktop: 'Desktops and laptops',
};

export const sourceItems = (report: ReadershipReport | undefined): RankedItem[] | undefined =>
  report?.sources.map((row) => ({ key: row.source, label: SOURCE_LABELS[row.source], views: row.views }));

export const deviceItems = (report: ReadershipReport | undefined): RankedItem[] | undefined =>
  report?.devices.map((row) => ({ key: row.device, label: DEVICE_LABELS[row.device], views: row.views }));

export const referrerItems = (report: ReadershipReport | undefined, limit = 20): RankedItem[] | undefined =>
  report?.referrers.slice(0, limit).map((row) => ({ key: row.host, label: row.host, views: row.views }));

/** Each story links to its editor, where its own figures are. */
export const storyItems = (stories: readonly TopStory[] | undefined, limit = 10): RankedItem[] | undefined =>
  stories?.slice(0, limit).map((story) => ({
    key: story.id,
    label: (
      <Link to="/edit/$id" params={{ id: String(story.id) }}>
        {story.title}
      </Link>
    ),
    views: story.views,
  }));
