import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../domain/users/entities.ts';
import { ApiError, clearToken, getToken } from '../api/client.ts';
import { getQueryFn } from '../api/reads.ts';

/** docs/product/rules.md#limits-and-constants: the current user is cached for 5 minutes. */
export const CURRENT_USER_STALE_MS = 5 * 60_000;
export const currentUserKey = ['/api/auth/me'] as const;

const readCurrentUser = getQueryFn<User>({ on401: 'throw' });

/**
 * GET /api/auth/me, null when nobody is signed in (docs/product/api.md#client-conventions's per-query 401 option).
 * Without a stored token the answer is known to be null, so readers never pay for the round trip;
 * a token the server no longer accepts is dropped so later requests go out anonymous.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: async (context): Promise<User | null> => {
      if (!getToken()) return null;
      try {
        return await readCurrentUser(context);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          clearToken();
          return null;
        }
        throw error;
      }
    },
    initialData: () => (getToken() ? undefined : null),
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
  });
