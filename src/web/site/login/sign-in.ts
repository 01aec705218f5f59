import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../domain/entities.ts';
import type { LoginInput } from '../../../domain/schemas.ts';
import { ApiError, apiRequest, setToken } from '../../api/client.ts';
import { currentUserKey } from '../../auth/current-user.ts';

export interface LoginAnswer {
  token: string;
  user: User;
}

/** POST /api/auth/login. docs/product/notices.md: a failure carries the response text, or "Login failed". */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  try {
    return await apiRequest<LoginAnswer>('POST', '/api/auth/login', input, { token: null });
  } catch (error) {
    if (error instanceof ApiError) {
      throw new ApiError(error.status, error.responseText || 'Login failed', error.body, error.responseText);
    }
    throw error;
  }
}

/** Signs in, keeps the token under auth_token and caches the user (docs/product/rules.md). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      setToken(token);
      // Answers fetched while signed out may hide what this user can now see (their own drafts).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
