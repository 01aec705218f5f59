/**
 * Request-rate limits at the edge (decision 070): every anonymous write is counted per client address
 * (CF-Connecting-IP; an IPv6 address as its /64) by a Cloudflare rate-limiting binding, and past its
 * limit answered `429 too_many_requests` with `Retry-After`, before its body is read. Nothing is
 * stored: Cloudflare counts in its own memory (wrangler and the test pool in the runtime's).
 *
 *   .post('/login', rateLimit('signIn'), validate('json', loginSchema), async (c) => ...)
 *
 * The limits themselves are the bindings' (wrangler.toml `[[ratelimits]]`); this table names them,
 * the routes that use them, and their period (the longest a refused client waits). `RATE_LIMITS=off`
 * turns every one off (benchmarks, load tests).
 */
export const RATE_LIMITS = {
  /** 40 a minute: staff sign-in and its second step, passkey sign-in (options and answer), a reset link's use; reader sign-in. */
  signIn: { binding: 'RATE_LIMIT_SIGN_IN', periodSeconds: 60 },
  /** 120 a minute: view beacons. */
  views: { binding: 'RATE_LIMIT_VIEWS', periodSeconds: 60 },
  /**
   * 10 a minute: calls that make something for an anonymous caller or send mail (subscribe, magic links, push subscriptions),
   * and those that open a session at Stripe (gifts, checkouts, the billing portal: Stripe's rate is the newsroom's to keep).
   */
  subscribe: { binding: 'RATE_LIMIT_SUBSCRIBE', periodSeconds: 60 },
  /** 600 a minute: activities posted to the fediverse inboxes (other servers, each from its own addresses). */
  inbox: { binding: 'RATE_LIMIT_INBOX', periodSeconds: 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limiters by name; null when rate limits are off. A missing binding limits nothing. */
export type RateLimiters = Partial<Record<RateLimitName, RateLimit>> | null;

/** The limiters the bindings give, unless `RATE_LIMITS` is `off` (or `false`, `0`, `no`). */
export function rateLimitersOf(
  env: Partial<Record<(typeof RATE_LIMITS)[RateLimitName]['binding'], RateLimit>> & { RATE_LIMITS?: string },
): RateLimiters {
  if (/^(off|false|0|no)$/i.test(env.RATE_LIMITS?.trim() ?? '')) return null;
  const names = Object.keys(RATE_LIMITS) as RateLimitName[];
  return Object.fromEntries(names.flatMap((name) => (env[RATE_LIMITS[name].binding] ? [[name, env[RATE_LIMITS[name].binding]]] : [])));
}
