import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { currentUserKey } from './current-user.ts';
import { signOut } from './sign-out.ts';

/**
 * Signs out (docs/product/rules.md): the token leaves storage, the server revokes it, every cached
 * answer is dropped and the page goes to /. The page moves first so a staff screen does not
 * redirect to /login on its way out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    const revoked = signOut();
    await router.navigate({ to: '/' });
    await revoked;
    // The caches are cleared without pulling data from under the screen: the current user becomes
    // "nobody", answers not on screen are dropped, and those on screen are read again anonymously.
    // (clear() would leave mounted queries showing what the signed-in user saw.)
    queryClient.setQueryData(currentUserKey, null);
    queryClient.removeQueries({ type: 'inactive' });
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  }, [queryClient, router]);
}
