import { apiRequest, clearToken, getToken } from '../api/client.ts';

/**
 * Signs this browser out (docs/product/rules.md): the token leaves storage at once, and the server
 * is asked to revoke it. The promise settles when the server has answered; a failed revoke only
 * leaves the token to expire, since this browser no longer has it.
 */
export function signOut(): Promise<void> {
  const token = getToken();
  clearToken();
  if (!token) return Promise.resolve();
  return apiRequest('POST', '/api/auth/logout', undefined, { token }).then(
    () => undefined,
    () => undefined,
  );
}
