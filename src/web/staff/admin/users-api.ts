import { queryOptions } from '@tanstack/react-query';
import type { Beat } from '../../../domain/beats/entities.ts';
import type { User } from '../../../domain/users/entities.ts';
import type { Role } from '../../../domain/roles.ts';
import { apiRequest } from '../../api/client.ts';

export interface NewUserInput {
  username: string;
  email: string;
  password: string;
  role: Role;
  /** The byline's names (docs/product/rules.md): both, or the byline is the username. */
  firstName: string;
  lastName: string;
}

export const usersQuery = () =>
  queryOptions({
    queryKey: ['/api/users'] as const,
    queryFn: ({ queryKey }) => apiRequest<User[]>('GET', queryKey[0]),
  });

/** The beats assigned to one user (admin). */
export const userBeatsQuery = (userId: number) =>
  queryOptions({
    queryKey: [`/api/users/${userId}/beats`] as const,
    queryFn: ({ queryKey }) => apiRequest<Beat[]>('GET', queryKey[0]),
  });

export function registerUser(input: NewUserInput): Promise<User> {
  return apiRequest<User>('POST', '/api/auth/register', input);
}

/** Deactivates the account; its stories stay (docs/product/api.md). */
export function deleteUser(id: number): Promise<unknown> {
  return apiRequest<unknown>('DELETE', `/api/users/${id}`);
}

export function assignBeats(userId: number, beatIds: number[]): Promise<Beat[]> {
  return apiRequest<Beat[]>('PUT', `/api/users/${userId}/beats`, { beatIds });
}
