import { queryOptions } from '@tanstack/react-query';
import type { AlertView } from '../../../domain/alerts/alert.ts';
import { apiRequest } from '../../api/client.ts';

/** A story's breaking-news alerts as staff call them (docs/product/api-alerts.md). */

/** How often the editor asks for the figures while an alert is going out. */
const LIVE_MS = 1000;

export const inProgress = (alert: AlertView) => alert.state !== 'sent';

/** The story's alerts, newest first; read again every second while one of them is going out. */
export const storyAlertsQuery = (storyId: number) =>
  queryOptions({
    queryKey: [`/api/stories/${storyId}/alerts`] as const,
    queryFn: ({ queryKey }) => apiRequest<AlertView[]>('GET', queryKey[0]),
    refetchInterval: (query) => (query.state.data?.some(inProgress) ? LIVE_MS : false),
  });

export function sendAlert(storyId: number, alert: { topic: string; title: string; body: string }): Promise<AlertView> {
  return apiRequest<AlertView>('POST', `/api/stories/${storyId}/alert`, alert);
}
