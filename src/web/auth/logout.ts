import { useCallback } from 'react';
import { signOut } from './sign-out.ts';

/**
 * Signs out (docs/product/rules.md): the token leaves storage, the server revokes it, then the page
 * goes to / (the worker's home page, a full load: decision 076), as the reader pages' own Logout does
 * (site/frame/account.island.ts). Nothing of the signed-in user's cache survives the load.
 */
export function useLogout() {
  return useCallback(() => signOut().then(() => window.location.assign('/')), []);
}
