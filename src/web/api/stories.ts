import { queryOptions } from '@tanstack/react-query';
import type { Story } from '../../domain/entities.ts';
import { apiRequest } from './client.ts';

export const LATEST_LIMIT = 6;

export const latestStoriesQuery = () =>
  queryOptions({
    queryKey: [`/api/stories?status=published&limit=${LATEST_LIMIT}`] as const,
    queryFn: ({ queryKey }) => apiRequest<Story[]>('GET', queryKey[0]),
  });
