import { queryOptions } from '@tanstack/react-query';
import type { FediverseBlock, FediverseReply, ReplyState } from '../../../domain/federation/moderation.ts';
import type { ActivityDeliveries } from '../../../domain/federation/ports.ts';
import { apiRequest } from '../../api/client.ts';
import { apiList } from '../../api/reads.ts';

/** The Fediverse tab's and the story editor's reads (docs/product/api-fediverse.md). */

export interface FediverseOverview {
  newsroom: { address: string; followers: number };
  me: { address: string; followers: number } | null;
  pendingReplies: number | null;
}

export interface FediverseSettingsView {
  handle: string;
  address: string;
}

export interface StoryFediverse {
  likes: number;
  boosts: number;
  replies: Record<ReplyState, number>;
  activities: ActivityDeliveries[];
}

export const FEDIVERSE_KEY = '/api/fediverse' as const;

export const fediverseOverviewQuery = () =>
  queryOptions({
    queryKey: [FEDIVERSE_KEY, 'overview'] as const,
    queryFn: ({ signal }) => apiRequest<FediverseOverview>('GET', '/api/fediverse/overview', undefined, { signal }),
  });

export const fediverseSettingsQuery = () =>
  queryOptions({
    queryKey: [FEDIVERSE_KEY, 'settings'] as const,
    queryFn: ({ signal }) => apiRequest<FediverseSettingsView>('GET', '/api/settings/fediverse', undefined, { signal }),
  });

export const repliesQuery = (state: ReplyState) =>
  queryOptions({
    queryKey: [FEDIVERSE_KEY, 'replies', state] as const,
    queryFn: ({ signal }) => apiList<FediverseReply>(`/api/fediverse/replies?state=${state}&limit=100`, { signal }),
  });

export const blocksQuery = () =>
  queryOptions({
    queryKey: [FEDIVERSE_KEY, 'blocks'] as const,
    queryFn: ({ signal }) => apiRequest<FediverseBlock[]>('GET', '/api/fediverse/blocks', undefined, { signal }),
  });

/** A story's likes, boosts, replies and deliveries: they move while servers answer, so read again every 15 s. */
export const storyFediverseQuery = (storyId: number) =>
  queryOptions({
    queryKey: [FEDIVERSE_KEY, 'stories', storyId] as const,
    queryFn: ({ signal }) => apiRequest<StoryFediverse>('GET', `/api/fediverse/stories/${storyId}`, undefined, { signal }),
    refetchInterval: 15_000,
  });

export const moderate = (id: number, state: 'approved' | 'hidden') =>
  apiRequest<FediverseReply>('PUT', `/api/fediverse/replies/${id}`, { state });
export const addBlock = (kind: FediverseBlock['kind'], value: string) =>
  apiRequest<FediverseBlock>('POST', '/api/fediverse/blocks', { kind, value });
export const removeBlock = (id: number) => apiRequest<void>('DELETE', `/api/fediverse/blocks/${id}`);
export const saveHandle = (handle: string) => apiRequest<FediverseSettingsView>('PUT', '/api/settings/fediverse', { handle });
