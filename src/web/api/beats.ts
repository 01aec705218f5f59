import { queryOptions } from '@tanstack/react-query';
import type { Beat } from '../../domain/entities.ts';
import { apiRequest } from './client.ts';

export const beatsQuery = () =>
  queryOptions({
    queryKey: ['/api/beats'] as const,
    queryFn: ({ queryKey, signal }) => apiRequest<Beat[]>('GET', queryKey[0], undefined, { signal }),
  });

export interface BeatInput {
  name: string;
  description: string;
}

export function createBeat(input: BeatInput): Promise<Beat> {
  return apiRequest<Beat>('POST', '/api/beats', input);
}

export function updateBeat(id: number, input: BeatInput): Promise<Beat> {
  return apiRequest<Beat>('PUT', `/api/beats/${id}`, input);
}
