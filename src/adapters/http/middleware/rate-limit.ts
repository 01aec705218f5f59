import { createMiddleware } from 'hono/factory';
import { clientAddressKey } from '../../../domain/client-address.ts';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../error-map.ts';
import { RATE_LIMITS, type RateLimitName } from '../rate-limiters.ts';

/**
 * Counts the request against the named limit (rate-limiters.ts, decision 070) per client address
 * (CF-Connecting-IP; an IPv6 address as its /64); past it, 429 too_many_requests with Retry-After,
 * before the body is read, and the route never runs.
 *
 *   .post('/login', rateLimit('signIn'), validate('json', loginSchema), async (c) => ...)
 */
export function rateLimit(name: RateLimitName) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const limiter = c.var.deps.rateLimiters?.[name];
    if (limiter) {
      const { success } = await limiter.limit({ key: clientAddressKey(c.req.header('CF-Connecting-IP')) });
      if (!success) {
        const seconds = RATE_LIMITS[name].periodSeconds;
        c.header('Retry-After', String(seconds));
        return c.json(errorBody('too_many_requests', `Too many requests from your address. Try again in ${seconds} seconds.`), 429);
      }
    }
    await next();
  });
}
