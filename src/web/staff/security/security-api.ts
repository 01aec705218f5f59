import { queryOptions } from '@tanstack/react-query';
import type { AuditRecord } from '../../../domain/audit/audit.ts';
import type { PasskeySummary, SessionSummary } from '../../../domain/security/ports.ts';
import type { SecurityPolicy } from '../../../domain/security/security-policy.ts';
import { apiRequest } from '../../api/client.ts';

/** The calls of docs/product/api-sign-in-security.md the staff screens make. */

export interface SecondFactorState {
  totp: boolean;
  passkeys: PasskeySummary[];
  recoveryCodesLeft: number;
  /** The admin's policy covers this user. */
  required: boolean;
}

/** Whether the user must set a second factor up before doing anything else. */
export function mustSetUp(state: SecondFactorState | undefined): boolean {
  return state !== undefined && state.required && !state.totp && state.passkeys.length === 0;
}

export const secondFactorQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/2fa'] as const,
    queryFn: ({ queryKey }) => apiRequest<SecondFactorState>('GET', queryKey[0]),
    staleTime: 5 * 60_000,
  });

export type ListedSession = SessionSummary & { current: boolean };

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/sessions'] as const,
    queryFn: ({ queryKey }) => apiRequest<ListedSession[]>('GET', queryKey[0]),
  });

export const securityPolicyQuery = () =>
  queryOptions({
    queryKey: ['/api/settings/security'] as const,
    queryFn: ({ queryKey }) => apiRequest<SecurityPolicy>('GET', queryKey[0]),
  });

export interface AuditFilter {
  actorId?: number;
  action?: string;
}

export const AUDIT_PAGE_SIZE = 50;

export function auditPage(filter: AuditFilter, before?: number): Promise<AuditRecord[]> {
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (filter.actorId) query.set('actorId', String(filter.actorId));
  if (filter.action) query.set('action', filter.action);
  if (before) query.set('before', String(before));
  return apiRequest<AuditRecord[]>('GET', `/api/audit?${query}`);
}

/** Adding or removing a second factor asks for the password again (decision 050). */
export const startTotpSetup = (password: string) =>
  apiRequest<{ secret: string; otpauthUrl: string }>('POST', '/api/auth/2fa/totp/setup', { password });
export const confirmTotp = (code: string) => apiRequest<{ recoveryCodes: string[] }>('POST', '/api/auth/2fa/totp/confirm', { code });
export const removeTotp = (password: string) => apiRequest<unknown>('DELETE', '/api/auth/2fa/totp', { password });

/** Registers a passkey: the server's options, the browser's prompt, the server's check. The WebAuthn library loads only now. */
export async function addPasskey({ name, password }: { name: string; password: string }): Promise<PasskeySummary> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    'POST',
    '/api/auth/passkeys/register/options',
    { password },
  );
  const response = await startRegistration({ optionsJSON });
  return apiRequest<PasskeySummary>('POST', '/api/auth/passkeys/register', { response, name });
}

export const renamePasskey = (id: number, name: string) => apiRequest<PasskeySummary>('PATCH', `/api/auth/passkeys/${id}`, { name });
export const removePasskey = ({ id, password }: { id: number; password: string }) =>
  apiRequest<unknown>('DELETE', `/api/auth/passkeys/${id}`, { password });
export const endSession = (id: number) => apiRequest<unknown>('DELETE', `/api/auth/sessions/${id}`);
export const endOtherSessions = () => apiRequest<{ ended: number }>('DELETE', '/api/auth/sessions');
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiRequest<unknown>('PUT', '/api/auth/password', input);
export const saveSecurityPolicy = (policy: SecurityPolicy) => apiRequest<SecurityPolicy>('PUT', '/api/settings/security', policy);
export const makeResetLink = (userId: number, clearTwoFactor: boolean) =>
  apiRequest<{ resetUrl: string; expiresAt: string }>('POST', `/api/users/${userId}/password-reset`, { clearTwoFactor });
