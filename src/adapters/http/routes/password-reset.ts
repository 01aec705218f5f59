import { Hono } from 'hono';
import type { AuditEntry } from '../../../domain/audit/audit.ts';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/errors.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { passwordResetSchema, resetLinkSchema, resetRequestSchema } from '../../../domain/security/schemas.ts';
import type { User } from '../../../domain/users/entities.ts';
import type { AppDeps } from '../../app-deps.ts';
import { waitUntilOf } from '../wait-until.ts';
import { addSeconds } from '../../../domain/time.ts';
import { handleHash, newHandle } from '../../crypto/one-time-codes.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** A reset link works once, for this long (docs/product/api-sign-in-security.md#password-reset). */
export const RESET_LINK_HOURS = 24;
/** The page of the app that takes the link; the token rides in the fragment, which browsers never send to a server. */
export const RESET_PAGE = '/reset-password';

const invalidToken = () =>
  new DomainError('validation', 'invalid_token', 'This reset link is used, expired or not valid. Ask an admin for a new one.');

/** A one-time reset link for `target` (its hash kept, with an audit entry), valid RESET_LINK_HOURS. */
async function createResetLink(
  deps: AppDeps,
  target: User,
  { createdBy, clearTwoFactor, origin, mailed }: { createdBy: number; clearTwoFactor: boolean; origin: string; mailed: boolean },
): Promise<{ resetUrl: string; expiresAt: string }> {
  const token = newHandle();
  const now = deps.clock.now();
  const expiresAt = addSeconds(now, RESET_LINK_HOURS * 3600);
  const audit: AuditEntry[] = [
    {
      action: 'auth.password_reset_link_created',
      actorId: createdBy,
      target: { type: 'user', id: target.id, label: target.username },
      detail: { clearTwoFactor, mailed, requestedBySelf: createdBy === target.id },
    },
  ];
  await deps.passwordResets.create(
    { tokenHash: await handleHash(token), userId: target.id, createdBy, clearTwoFactor, createdAt: now, expiresAt },
    audit,
  );
  return { resetUrl: `${origin}${RESET_PAGE}#token=${token}`, expiresAt };
}

/** Mails the link to the user; false (and a log line) when the mail could not leave. */
async function mailResetLink(deps: AppDeps, target: User, resetUrl: string): Promise<boolean> {
  try {
    await deps.staffMail.resetLink(target.email, resetUrl, RESET_LINK_HOURS);
    return true;
  } catch (error) {
    console.warn(`The reset link for user ${target.id} was not mailed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** POST /api/users/{id}/password-reset: an admin makes a one-time link for a user; every session of the user ends. */
export const resetLinkRoutes = new Hono<AppEnv>().post(
  '/:id/password-reset',
  requireAdmin,
  validate('param', idParamSchema),
  validate('json', resetLinkSchema),
  async (c) => {
    const { deps } = c.var;
    const target = await deps.users.findById(c.req.valid('param').id);
    if (!target) throw new NotFoundError('User');
    if (!target.isActive) throw new ConflictError('user_inactive', 'This account is deactivated; a reset link would not let it sign in');
    const { clearTwoFactor, mail } = c.req.valid('json');
    const link = await createResetLink(deps, target, {
      createdBy: c.var.user!.id,
      clearTwoFactor,
      origin: new URL(c.req.url).origin,
      mailed: mail,
    });
    // The link is made and answered whatever the mail server says; `mailed` says whether it also left by mail.
    const mailed = mail ? await mailResetLink(deps, target, link.resetUrl) : false;
    return c.json({ ...link, mailed });
  },
);

/** POST /api/auth/password-reset: the link's holder sets a new password, once. */
export const passwordResetRoutes = new Hono<AppEnv>()
  /**
   * POST /api/auth/password-reset/request ("Forgot password?"): always 202 {}, known account or not;
   * for an active account a link is made and mailed after the answer, so neither the answer nor its
   * time says whether the account exists.
   */
  .post('/request', validate('json', resetRequestSchema), async (c) => {
    const { deps } = c.var;
    const origin = new URL(c.req.url).origin;
    const identifier = c.req.valid('json').emailOrUsername;
    waitUntilOf(c)(
      (async () => {
        const user = (await deps.users.findCredentials(identifier))?.user;
        if (!user?.isActive) return;
        const link = await createResetLink(deps, user, { createdBy: user.id, clearTwoFactor: false, origin, mailed: true });
        await mailResetLink(deps, user, link.resetUrl);
      })().catch((error: unknown) =>
        console.warn(`A password reset request failed: ${error instanceof Error ? error.message : String(error)}`),
      ),
    );
    return c.json({}, 202);
  })
  .post('/', validate('json', passwordResetSchema), async (c) => {
    const { deps } = c.var;
    const { token, password } = c.req.valid('json');
    const now = deps.clock.now();
    const tokenHash = await handleHash(token);
    const reset = await deps.passwordResets.find(tokenHash);
    if (!reset || reset.usedAt !== null || reset.expiresAt <= now) throw invalidToken();
    const user = await deps.users.findById(reset.userId);
    if (!user?.isActive) throw invalidToken();
    const audit: AuditEntry[] = [
      {
        action: 'auth.password_reset',
        actorId: user.id,
        target: { type: 'user', id: user.id, label: user.username },
        detail: { clearedTwoFactor: reset.clearTwoFactor },
      },
    ];
    if (!(await deps.passwordResets.redeem(tokenHash, await deps.hasher.hash(password), now, audit))) throw invalidToken();
    // A reset is a fresh start: earlier failed sign-ins no longer hold the account.
    await Promise.all([deps.loginAttempts.clear(user.username.toLowerCase()), deps.loginAttempts.clear(user.email.toLowerCase())]);
    return c.body(null, 204);
  });
