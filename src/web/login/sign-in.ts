import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../domain/users/entities.ts';
import type { LoginInput } from '../../domain/security/schemas.ts';
import { ApiError, apiRequest, setToken } from '../api/client.ts';
import { currentUserKey } from '../auth/current-user.ts';

export interface LoginAnswer {
  token: string;
  user: User;
}

/** An account with a second factor answers the password with this instead of a session (docs/product/api-sign-in-security.md). */
export interface SecondStepNeeded {
  twoFactorRequired: true;
  challenge: string;
  methods: ('totp' | 'passkey' | 'recovery')[];
}

export type PasswordAnswer = LoginAnswer | SecondStepNeeded;

export function needsSecondStep(answer: PasswordAnswer): answer is SecondStepNeeded {
  return 'twoFactorRequired' in answer;
}

/** A failure carries the response text, or "Login failed" (docs/product/notices.md). */
function withLoginFailure(error: unknown): never {
  if (error instanceof ApiError) throw new ApiError(error.status, error.responseText || 'Login failed', error.body, error.responseText);
  throw error;
}

/** POST /api/auth/login. */
export async function login(input: LoginInput): Promise<PasswordAnswer> {
  return apiRequest<PasswordAnswer>('POST', '/api/auth/login', input, { token: null }).catch(withLoginFailure);
}

/** POST /api/auth/login/2fa: the second step, with a code from the app or a recovery code. */
export async function loginSecondStep(input: { challenge: string; code: string }): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('POST', '/api/auth/login/2fa', input, { token: null }).catch(withLoginFailure);
}

/**
 * Signs in with a passkey: the server's options, the browser's passkey prompt, the server's check.
 * The WebAuthn library is loaded only now, so no reader's page ever carries it.
 */
export async function loginWithPasskey(): Promise<LoginAnswer> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    'POST',
    '/api/auth/passkeys/login/options',
    undefined,
    { token: null },
  );
  const response = await startAuthentication({ optionsJSON });
  return apiRequest<LoginAnswer>('POST', '/api/auth/passkeys/login', { response }, { token: null }).catch(withLoginFailure);
}

/** Keeps the token under auth_token and caches the user (docs/product/rules.md). */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return ({ token, user }: LoginAnswer) => {
    setToken(token);
    // Answers fetched while signed out may hide what this user can now see (their own drafts).
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    queryClient.setQueryData(currentUserKey, user);
  };
}

/** The password step; a session when the account has no second factor. */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!needsSecondStep(answer)) signedIn(answer);
    },
  });
}

export function useSecondStep() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: loginSecondStep, onSuccess: signedIn });
}

export function usePasskeyLogin() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: loginWithPasskey, onSuccess: signedIn });
}

/** Browsers refuse passkeys on an IP address (127.0.0.1): they need the site's name (localhost). */
export function passkeyHostProblem(location: Pick<Location, 'hostname' | 'port' | 'protocol'>): string | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(location.hostname) && !location.hostname.startsWith('[')) return null;
  const port = location.port ? `:${location.port}` : '';
  return `Passkeys work on the site’s name, not an IP address. Open ${location.protocol}//localhost${port} to use one.`;
}
