import type { User } from '../../domain/users/entities.ts';
import { ApiError, apiRequest, clearToken, getToken } from '../api/client.ts';

let asked: Promise<User | null> | undefined;

/**
 * Who this browser is signed in as, for the islands of a reader's page (the account corner, Edit):
 * GET /api/auth/me once per page, null without a token; a token the server no longer accepts is
 * dropped, as the app's current-user query does.
 */
export function signedInUser(): Promise<User | null> {
  asked ??= getToken()
    ? apiRequest<User>('GET', '/api/auth/me').catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) clearToken();
        return null;
      })
    : Promise.resolve(null);
  return asked;
}
