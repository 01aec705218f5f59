import { createMiddleware } from 'hono/factory';
import { TwoFactorRequiredError } from '../../../domain/errors.ts';
import { mustSetUpSecondFactor, parseSecurityPolicy } from '../../../domain/security/security-policy.ts';
import type { User } from '../../../domain/users/entities.ts';
import type { SignedInSession } from '../../../domain/security/ports.ts';
import type { AppEnv } from '../context.ts';

/**
 * The calls a signed-in user the policy blocks may still make (docs/product/api-sign-in-security.md#the-policy):
 * who they are, signing out, setting up a second factor (TOTP or a passkey); and the sign-in
 * routes, which act on no session (a token sent along is ignored there).
 */
const ALLOWED = [
  /^\/api\/auth\/me$/,
  /^\/api\/auth\/logout$/,
  /^\/api\/auth\/2fa(\/.*)?$/,
  /^\/api\/auth\/passkeys\/register(\/options)?$/,
  /^\/api\/auth\/login(\/2fa)?$/,
  /^\/api\/auth\/passkeys\/login(\/options)?$/,
  /^\/api\/auth\/password-reset$/,
];

export function allowedWithoutSecondFactor(path: string): boolean {
  return ALLOWED.some((pattern) => pattern.test(path));
}

/**
 * 403 two_factor_required for a signed-in user whom the admin's policy covers and who has no second
 * factor, on every other call. The session's lookup read the policy and the user's factors along
 * with the session, so this costs no query.
 */
export const twoFactorPolicy = createMiddleware<AppEnv>(async (c, next) => {
  const { user, session } = c.var;
  if (user && session && !allowedWithoutSecondFactor(c.req.path)) refuseWithoutSecondFactor(user, session);
  await next();
});

/** 403 two_factor_required when the admin's policy covers the user and they have no second factor (also the publisher socket's check). */
export function refuseWithoutSecondFactor(user: User, session: SignedInSession): void {
  if (mustSetUpSecondFactor(parseSecurityPolicy(session.securitySetting), user, session.hasSecondFactor))
    throw new TwoFactorRequiredError();
}
