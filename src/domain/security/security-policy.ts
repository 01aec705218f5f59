import { z } from 'zod';
import type { Actor } from '../roles.ts';

/** Who must have a second factor (docs/product/api-sign-in-security.md#the-policy). */
export const TWO_FACTOR_REQUIREMENTS = ['none', 'admins', 'everyone'] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];

export const securityPolicySchema = z.object({
  requireTwoFactor: z.enum(TWO_FACTOR_REQUIREMENTS, { error: 'Choose none, admins or everyone' }),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;

export const DEFAULT_SECURITY_POLICY: SecurityPolicy = { requireTwoFactor: 'none' };

/** The site setting the policy is stored under. */
export const SECURITY_SETTINGS_KEY = 'security';

/** A stored value read back: whatever does not parse means the default. */
export function parseSecurityPolicy(value: unknown): SecurityPolicy {
  const parsed = securityPolicySchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_SECURITY_POLICY;
}

export function policyCovers(policy: SecurityPolicy, actor: NonNullable<Actor>): boolean {
  if (policy.requireTwoFactor === 'everyone') return true;
  return policy.requireTwoFactor === 'admins' && actor.role === 'admin';
}

/** A signed-in user the policy covers who has no second factor yet: they may only set one up. */
export function mustSetUpSecondFactor(policy: SecurityPolicy, actor: NonNullable<Actor>, hasSecondFactor: boolean): boolean {
  return !hasSecondFactor && policyCovers(policy, actor);
}
