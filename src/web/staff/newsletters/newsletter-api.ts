import { queryOptions } from '@tanstack/react-query';
import type { NewsletterAnswer, SendAnswer } from '../../../domain/newsletters/answers.ts';

export type { SendAnswer };
import { apiRequest, send } from '../../api/client.ts';

/** The staff side of /api/newsletters (docs/product/api-readers.md): every newsletter, subscribers, sends. */

export interface NewsletterInput {
  name: string;
  slug?: string;
  description: string;
  beatId: number | null;
  senderName: string | null;
  isActive: boolean;
}

export type SubscriberStatus = 'subscribed' | 'pending' | 'unsubscribed' | 'suppressed';

export interface SubscriberRow {
  email: string;
  status: SubscriberStatus;
  subscribedAt: string | null;
  source: string;
}

export interface SubscriberFilter {
  status: SubscriberStatus | '';
  q: string;
  offset: number;
}

export const SUBSCRIBERS_PAGE = 50;

export function allNewslettersQuery() {
  return queryOptions({
    queryKey: ['newsletters', 'all'],
    queryFn: () => apiRequest<NewsletterAnswer[]>('GET', '/api/newsletters?all=true'),
  });
}

function subscribersSearch(filter: Partial<SubscriberFilter>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  return params.toString();
}

export function subscribersQuery(newsletterId: number, filter: SubscriberFilter) {
  return queryOptions({
    queryKey: ['newsletters', newsletterId, 'subscribers', filter],
    queryFn: () =>
      apiRequest<{ total: number; subscribers: SubscriberRow[] }>(
        'GET',
        `/api/newsletters/${newsletterId}/subscribers?${subscribersSearch(filter, { limit: String(SUBSCRIBERS_PAGE), offset: String(filter.offset) })}`,
      ),
  });
}

export function saveNewsletter(id: number | null, input: NewsletterInput): Promise<NewsletterAnswer> {
  return id === null ? apiRequest('POST', '/api/newsletters', input) : apiRequest('PUT', `/api/newsletters/${id}`, input);
}

/** The list as CSV (the staff token goes in the header, so the file is fetched, then handed to the browser). */
export async function subscribersCsv(newsletterId: number, filter: Partial<SubscriberFilter>): Promise<Blob> {
  const res = await send(
    'GET',
    `/api/newsletters/${newsletterId}/subscribers?${subscribersSearch(filter, { format: 'csv' })}`,
    undefined,
    {},
  );
  return res.blob();
}

export interface ImportResult {
  imported: number;
  skipped: number;
  invalid: { line: number; reason: string }[];
}

export function importSubscribers(newsletterId: number, file: File, consent: boolean): Promise<ImportResult> {
  const form = new FormData();
  form.set('file', file);
  form.set('consent', String(consent));
  return apiRequest('POST', `/api/newsletters/${newsletterId}/subscribers/import`, form);
}

export function newsletterSendsQuery(newsletterId: number) {
  return queryOptions({
    queryKey: ['newsletters', newsletterId, 'sends'],
    queryFn: () => apiRequest<SendAnswer[]>('GET', `/api/newsletters/${newsletterId}/sends`),
  });
}
