import type { Beat } from '../../../domain/beats/entities.ts';
import { apiRequest } from '../../api/client.ts';

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
