import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../ui/spinner.tsx';
import { AuthenticatorAppCard } from './authenticator-app-card.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { mustSetUp, secondFactorQuery } from './security-api.ts';
import { SessionsCard } from './sessions-card.tsx';
import '../staff.css';
import './security.css';

/**
 * The profile's "Sign-in security" (docs/product/screens.md#profile). A user the admin's policy
 * covers who has no second factor sees only what sets one up (the API refuses them the rest).
 */
export function SecuritySection() {
  const state = useQuery(secondFactorQuery());
  if (!state.data) return <Spinner label="Loading your sign-in security" />;
  const blocked = mustSetUp(state.data);
  return (
    <section className="security-section" aria-labelledby="security-title">
      <h2 id="security-title">Sign-in security</h2>
      {blocked ? (
        <p className="notice notice-warning" role="alert">
          Your newsroom requires a second factor. Set up an authenticator app or add a passkey to continue.
        </p>
      ) : null}
      <AuthenticatorAppCard state={state.data} />
      <PasskeysCard state={state.data} />
      {blocked ? null : (
        <>
          <SessionsCard />
          <PasswordCard />
        </>
      )}
    </section>
  );
}
