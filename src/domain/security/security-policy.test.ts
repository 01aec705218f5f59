import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_POLICY, mustSetUpSecondFactor, parseSecurityPolicy, policyCovers } from './security-policy.ts';

const admin = { id: 1, role: 'admin' as const };
const reporter = { id: 2, role: 'reporter' as const };

describe('the security policy', () => {
  it('reads a stored value, and anything that does not parse as the default (none)', () => {
    expect(parseSecurityPolicy({ requireTwoFactor: 'admins' })).toEqual({ requireTwoFactor: 'admins' });
    for (const stored of [undefined, null, 'admins', {}, { requireTwoFactor: 'always' }, { requireTwoFactor: 1 }]) {
      expect(parseSecurityPolicy(stored)).toEqual(DEFAULT_SECURITY_POLICY);
    }
    expect(DEFAULT_SECURITY_POLICY).toEqual({ requireTwoFactor: 'none' });
  });

  it('covers nobody, admins, or everyone', () => {
    expect([admin, reporter].map((u) => policyCovers({ requireTwoFactor: 'none' }, u))).toEqual([false, false]);
    expect([admin, reporter].map((u) => policyCovers({ requireTwoFactor: 'admins' }, u))).toEqual([true, false]);
    expect([admin, reporter].map((u) => policyCovers({ requireTwoFactor: 'everyone' }, u))).toEqual([true, true]);
  });

  it('blocks a covered user only while they have no second factor', () => {
    expect(mustSetUpSecondFactor({ requireTwoFactor: 'admins' }, admin, false)).toBe(true);
    expect(mustSetUpSecondFactor({ requireTwoFactor: 'admins' }, admin, true)).toBe(false);
    expect(mustSetUpSecondFactor({ requireTwoFactor: 'admins' }, reporter, false)).toBe(false);
  });
});
