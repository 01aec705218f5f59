import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { apiRequest, clearToken, getToken } from '../api/client.ts';
import { currentUserKey } from './current-user.ts';

/**
 * Signs out (SPEC.md section 4): the token leaves storage, the server revokes it, every cached
 * answer is dropped and the page goes to /. The page moves first so a staff screen does not
 * redirect to /login on its way out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    const token = getToken();
    clearToken();
    await router.navigate({ to: '/' });
    if (token) {
      // The token is gone from this browser whatever the server says; a failed revoke only leaves it to expire.
      await apiRequest('POST', '/api/auth/logout', undefined, { token }).catch(() => undefined);
    }
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, null);
    await router.invalidate();
  }, [queryClient, router]);
}
