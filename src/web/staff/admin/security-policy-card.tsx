import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TWO_FACTOR_REQUIREMENTS, type TwoFactorRequirement } from '../../../domain/security/security-policy.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { saveSecurityPolicy, securityPolicyQuery } from '../security/security-api.ts';
import { useSecurityChange } from '../security/use-security-change.ts';

const LABELS: Record<TwoFactorRequirement, string> = {
  none: 'Nobody: a second factor is each person’s choice',
  admins: 'Admins: every admin must have one',
  everyone: 'Everyone: every reporter and admin must have one',
};

/** Who must have a second factor (docs/product/api-sign-in-security.md#the-policy). */
export function SecurityPolicyCard() {
  const policy = useQuery(securityPolicyQuery());
  const [choice, setChoice] = useState<TwoFactorRequirement | null>(null);
  const save = useSecurityChange(saveSecurityPolicy, { done: 'Security policy saved', failed: 'The policy was not saved' }, [
    securityPolicyQuery().queryKey,
  ]);
  if (!policy.data) return <Spinner label="Loading the security policy" />;
  const selected = choice ?? policy.data.requireTwoFactor;
  return (
    <section className="card security-card" aria-labelledby="policy-title">
      <h2 className="card-title" id="policy-title">
        Second factor
      </h2>
      <p className="muted small">
        Who must have an authenticator app or a passkey. Someone covered who has none is taken to set one up after signing in, and can do
        nothing else until then.
      </p>
      <fieldset className="radio-group">
        <legend>Require a second factor for</legend>
        {TWO_FACTOR_REQUIREMENTS.map((requirement) => (
          <label key={requirement} className="radio">
            <input
              type="radio"
              name="requireTwoFactor"
              value={requirement}
              checked={selected === requirement}
              onChange={() => setChoice(requirement)}
            />{' '}
            {LABELS[requirement]}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button button-primary button-small"
        disabled={save.isPending || selected === policy.data.requireTwoFactor}
        onClick={() => save.mutate({ requireTwoFactor: selected })}
      >
        {save.isPending ? 'Saving...' : 'Save policy'}
      </button>
    </section>
  );
}
