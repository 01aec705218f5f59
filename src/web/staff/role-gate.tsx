import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { mustSetUp, secondFactorQuery } from './security/security-api.ts';
import { useEffect, type ReactNode } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import { staffPaths } from '../auth/staff-paths.ts';
import { useAuth } from '../auth/use-auth.ts';

export type StaffRole = 'reporter' | 'admin';
export type GuardStatus = 'loading' | 'allowed' | 'denied';

/**
 * docs/product/screens.md and 6: once the auth state has loaded, a non-reporter goes to /login and a
 * non-admin opening an admin screen goes to /dashboard (or to /login when not signed in).
 */
export function useRoleGuard(need: StaffRole, withoutSecondFactor = false): GuardStatus {
  const { isLoading, isReporter, isAdmin } = useAuth();
  const router = useRouter();
  // The admin's policy may require a second factor first (docs/product/api-sign-in-security.md#the-policy).
  const secondFactor = useQuery({ ...secondFactorQuery(), enabled: isReporter });
  const blocked = !withoutSecondFactor && mustSetUp(secondFactor.data);
  const allowed = (need === 'admin' ? isAdmin : isReporter) && !blocked;
  const checking = isLoading || (isReporter && !withoutSecondFactor && secondFactor.isPending);
  const status: GuardStatus = checking ? 'loading' : allowed ? 'allowed' : 'denied';
  const target = blocked ? staffPaths.profile : need === 'admin' && isReporter ? staffPaths.dashboard : staffPaths.login;

  useEffect(() => {
    if (status === 'denied') void router.navigate({ href: target, replace: true });
  }, [status, target, router]);

  return status;
}

/** Renders its children for the allowed role; a spinner while loading; `denied` (or the spinner) until the redirect lands. */
export function RoleGate({
  need,
  children,
  denied,
  withoutSecondFactor,
}: {
  need: StaffRole;
  children: ReactNode;
  denied?: ReactNode;
  withoutSecondFactor?: boolean;
}) {
  const status = useRoleGuard(need, withoutSecondFactor);
  if (status === 'allowed') return children;
  if (status === 'denied' && denied !== undefined) return denied;
  return <Spinner label={status === 'loading' ? 'Checking your sign-in' : 'Redirecting'} />;
}
