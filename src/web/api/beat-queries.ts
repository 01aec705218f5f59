import { queryOptions } from '@tanstack/react-query';
import type { Beat } from '../../domain/beats/entities.ts';
import { apiRequest } from './client.ts';

export const beatsQuery = () =>
  queryOptions({
    queryKey: ['/api/beats'] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<Beat[]>('GET', queryKey[0], undefined, { signal }),
  });
