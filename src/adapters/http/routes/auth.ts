import { Hono } from 'hono';
import { loginSchema, passwordChangeSchema, secondStepSchema } from '../../../domain/security/schemas.ts';
import { registerSchema } from '../../../domain/users/schemas.ts';
import { completeSecondStep } from '../../../services/security/second-step.ts';
import { signInWithPassword } from '../../../services/security/sign-in.ts';
import { changeOwnPassword } from '../../../services/security/reauthentication.ts';
import { signOut } from '../../../services/security/own-sessions.ts';
import { registerUser } from '../../../services/users/register-user.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireSignedIn, signedInUser } from '../middleware/authenticate.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../validate.ts';

/** Signing in and out, who is signed in, new accounts and password changes (docs/product/api.md#users-and-sessions). */
export const authRoutes = new Hono<AppEnv>()
  .post('/login', rateLimit('signIn'), validate('json', loginSchema), async (c) => {
    const result = await signInWithPassword(c.var.deps, { ...c.req.valid('json'), userAgent: c.req.header('User-Agent') ?? null });
    if (result.kind === 'second_step') return c.json({ twoFactorRequired: true, challenge: result.challenge, methods: result.methods });
    return c.json({ token: result.token, user: result.user });
  })
  .post('/login/2fa', rateLimit('signIn'), validate('json', secondStepSchema), async (c) =>
    c.json(await completeSecondStep(c.var.deps, { ...c.req.valid('json'), userAgent: c.req.header('User-Agent') ?? null })),
  )
  .post('/logout', async (c) => {
    signedInUser(c.var.user);
    await signOut(c.var.deps, c.var.tokenHash!);
    return c.body(null, 204);
  })
  .get('/me', (c) => c.json(signedInUser(c.var.user)))
  .post('/register', requireAdmin, validate('json', registerSchema), async (c) => {
    return c.json(await registerUser(c.var.deps, c.var.user!, c.req.valid('json')), 201);
  })
  .put('/password', requireSignedIn, validate('json', passwordChangeSchema), async (c) => {
    await changeOwnPassword(c.var.deps, c.var.user!, c.var.session!, c.req.valid('json'), new URL(c.req.url).origin);
    return c.body(null, 204);
  });
