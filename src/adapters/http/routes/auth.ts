import { Hono } from 'hono';
import { InvalidCredentialsError, TooManyAttemptsError } from '../../../domain/errors.ts';
import { loginSchema, registerSchema } from '../../../domain/schemas.ts';
import { addSeconds } from '../../../domain/time.ts';
import { hashSessionToken, newSessionToken } from '../../crypto/session-tokens.ts';
import type { AppEnv } from '../context.ts';
import { requireAdmin, signedInUser } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_SECONDS = 15 * 60;
/** A session without "Remember me" lasts a working day. */
const SHORT_SESSION_HOURS = 12;

export const authRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', loginSchema), async (c) => {
    const { users, sessions, loginAttempts, hasher, clock, sessionTtlHours } = c.var.deps;
    const { emailOrUsername, password, remember } = c.req.valid('json');
    const identifier = emailOrUsername.toLowerCase();
    const now = clock.now();

    // Checked before the password: once locked, even the right password waits.
    const windowStart = addSeconds(now, -LOCKOUT_WINDOW_SECONDS);
    const failures = await loginAttempts.failuresSince(identifier, windowStart);
    if (failures.count >= LOCKOUT_FAILURES && failures.oldest) {
      const unlocksAt = Date.parse(addSeconds(failures.oldest, LOCKOUT_WINDOW_SECONDS));
      throw new TooManyAttemptsError(Math.max(1, Math.ceil((unlocksAt - Date.parse(now)) / 1000)));
    }

    const found = await users.findCredentials(emailOrUsername);
    // Unknown, deactivated and wrong-password sign-ins do the same work and get the same answer.
    const passwordOk = found ? await hasher.verify(password, found.passwordHash) : await hasher.verifyNothing(password);
    if (!found || !passwordOk || !found.user.isActive) {
      await loginAttempts.recordFailure(identifier, now);
      throw new InvalidCredentialsError();
    }

    await loginAttempts.clear(identifier);
    const token = newSessionToken();
    const hours = remember === false ? SHORT_SESSION_HOURS : sessionTtlHours;
    await sessions.create({
      tokenHash: await hashSessionToken(token),
      userId: found.user.id,
      createdAt: now,
      expiresAt: addSeconds(now, hours * 3600),
    });
    return c.json({ token, user: found.user });
  })
  .post('/logout', async (c) => {
    signedInUser(c.var.user);
    await c.var.deps.sessions.revoke(c.var.tokenHash!, c.var.deps.clock.now());
    return c.body(null, 204);
  })
  .get('/me', (c) => c.json(signedInUser(c.var.user)))
  .post('/register', requireAdmin, validate('json', registerSchema), async (c) => {
    const { users, hasher, clock } = c.var.deps;
    const { password, ...input } = c.req.valid('json');
    const user = await users.create({ ...input, passwordHash: await hasher.hash(password) }, clock.now());
    return c.json(user, 201);
  });
