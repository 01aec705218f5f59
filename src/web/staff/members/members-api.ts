import { queryOptions } from '@tanstack/react-query';
import type { FiguresAnswer, MemberPage, TierAnswer } from '../../../domain/members/answers.ts';
import type { ReaderAnswer } from '../../../domain/readers/answers.ts';
import { apiRequest, send } from '../../api/client.ts';

/** The staff side of /api/members (docs/product/api.md, "Members and reader revenue"): tiers, members, figures. */

export type MemberStatus = 'free' | 'paid' | 'comped';
export interface MemberFilter {
  status: MemberStatus | '';
  q: string;
  offset: number;
}
export const MEMBERS_PAGE = 50;
export type { FiguresAnswer, MemberPage, TierAnswer };

export interface TierInput {
  name: string;
  description: string;
  monthly: { amount: number; currency: string };
  yearly: { amount: number; currency: string };
  isActive: boolean;
}

function membersSearch(filter: Partial<MemberFilter>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  if (filter.offset) params.set('offset', String(filter.offset));
  return params.toString();
}

export const tiersQuery = () =>
  queryOptions({ queryKey: ['members', 'tiers'], queryFn: () => apiRequest<TierAnswer[]>('GET', '/api/members/tiers') });

export const membersQuery = (filter: MemberFilter) =>
  queryOptions({
    queryKey: ['members', 'list', filter],
    queryFn: () =>
      apiRequest<{ total: number; members: ReaderAnswer[] }>(
        'GET',
        `/api/members?${membersSearch(filter, { limit: String(MEMBERS_PAGE) })}`,
      ),
  });

export const memberQuery = (id: number) =>
  queryOptions({ queryKey: ['members', 'one', id], queryFn: () => apiRequest<MemberPage>('GET', `/api/members/${id}`) });

export const memberFiguresQuery = () =>
  queryOptions({ queryKey: ['members', 'figures'], queryFn: () => apiRequest<FiguresAnswer>('GET', '/api/members/figures') });

export const setComped = (id: number, comped: boolean) => apiRequest<ReaderAnswer>('PUT', `/api/members/${id}`, { comped });

export const saveTier = (id: number | null, tier: TierInput) =>
  id === null
    ? apiRequest<TierAnswer>('POST', '/api/members/tiers', tier)
    : apiRequest<TierAnswer>('PUT', `/api/members/tiers/${id}`, tier);

export async function membersCsv(filter: Partial<MemberFilter>): Promise<Blob> {
  return (await send('GET', `/api/members?${membersSearch(filter, { format: 'csv' })}`, undefined, {})).blob();
}
