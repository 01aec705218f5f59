import { useQuery } from '@tanstack/react-query';
import type { User } from '../../domain/users/entities.ts';
import { policy } from '../../domain/permissions.ts';
import { currentUserQuery } from './current-user.ts';

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  /** Admins count as reporters (docs/product/rules.md#roles-and-permissions). */
  isReporter: boolean;
  isAdmin: boolean;
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQuery());
  const user = data ?? null;
  return { user, isLoading, isReporter: policy.isReporter(user), isAdmin: policy.isAdmin(user) };
}
