import { createMiddleware } from 'hono/factory';
import { ForbiddenError, UnauthenticatedError } from '../../../domain/errors.ts';
import type { User } from '../../../domain/users/entities.ts';
import { policy } from '../../../domain/permissions.ts';
import { hashSessionToken } from '../../crypto/session-tokens.ts';
import type { AppEnv } from '../context.ts';

/** A session's last sight is written at most this often, so a signed-in user's reads stay reads. */
export const LAST_SEEN_EVERY_SECONDS = 5 * 60;

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Resolves the bearer token to a user. An unknown token makes the request anonymous; routes that need a user say 401. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  const { sessions, clock } = c.var.deps;
  c.set('tokenHash', null);
  c.set('user', null);
  c.set('session', null);
  if (token) {
    const tokenHash = await hashSessionToken(token);
    const now = clock.now();
    const found = await sessions.findSession(tokenHash, now);
    c.set('tokenHash', tokenHash);
    if (found) {
      c.set('user', found.user);
      c.set('session', found.session);
      const seen = found.session.lastSeenAt;
      if (seen === null || Date.parse(now) - Date.parse(seen) >= LAST_SEEN_EVERY_SECONDS * 1000)
        await sessions.touch(found.session.sessionId, now);
    }
  }
  await next();
});

export function signedInUser(user: User | null): User {
  if (!user) throw new UnauthenticatedError();
  return user;
}

const requireBy = (allowed: (user: User) => boolean, message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = signedInUser(c.var.user);
    if (!allowed(user)) throw new ForbiddenError(message);
    await next();
  });

export const requireSignedIn = requireBy(() => true, '');
export const requireReporter = requireBy((user) => policy.isReporter(user), 'Only reporters can do that');
export const requireAdmin = requireBy((user) => policy.isAdmin(user), 'Only admins can do that');
