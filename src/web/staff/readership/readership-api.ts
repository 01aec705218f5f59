import { queryOptions } from '@tanstack/react-query';
import type {
  ReadershipReport,
  ReporterReadership,
  SiteReadership,
  StoryStream,
  StreamAudience,
} from '../../../domain/readership/readership.ts';
import { apiRequest } from '../../api/client.ts';
import { periodQuery, type PeriodKey } from './periods.ts';

/**
 * The readership reads (docs/product/api-analytics.md). Figures move as readers read, so the
 * screens that show them read again every half minute (the counters flush within the minute).
 */
const REFRESH_MS = 30_000;

const report = <T>(path: string, period: PeriodKey) =>
  queryOptions({
    queryKey: [path, period] as const,
    // The period ends now, so its query is made when it is read, not when the key is.
    queryFn: ({ signal }) => apiRequest<T>('GET', `${path}?${periodQuery(period, new Date())}`, undefined, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const siteReadershipQuery = (period: PeriodKey) => report<SiteReadership>('/api/analytics/site', period);

export const myReadershipQuery = (period: PeriodKey) => report<ReporterReadership>('/api/analytics/me', period);

export const storyReadershipQuery = (storyId: number, period: PeriodKey) =>
  report<ReadershipReport>(`/api/analytics/stories/${storyId}`, period);

export const storyStreamsQuery = (storyId: number) =>
  queryOptions({
    queryKey: [`/api/analytics/stories/${storyId}/streams`] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<StoryStream[]>('GET', queryKey[0], undefined, { signal }),
  });

export const streamAudienceQuery = (streamId: number) =>
  queryOptions({
    queryKey: [`/api/analytics/streams/${streamId}`] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<StreamAudience>('GET', queryKey[0], undefined, { signal }),
  });
