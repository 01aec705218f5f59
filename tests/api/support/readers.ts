import { expect } from 'vitest';
import { api } from './api.ts';
import { runQueuedJobs } from './jobs.ts';
import { linkIn, mailTo } from './mail.ts';

/** The token and `next` of a sign-in link (they ride in its fragment). */
export function linkFragment(link: string): { token: string; next: string | null } {
  const fragment = new URLSearchParams(new URL(link).hash.slice(1));
  return { token: fragment.get('token') ?? '', next: fragment.get('next') };
}

/** The newest sign-in link mailed to `email` (after `count` have arrived); the fan-out mails it first (decision 105). */
export async function signInLinkFor(email: string, count = 1): Promise<string> {
  await runQueuedJobs({ kinds: ['reader.sign_in_mail'] });
  const mails = await mailTo(email, { count });
  expect(mails.length).toBeGreaterThanOrEqual(count);
  return linkIn(mails.at(-1)!, 'http://newsroom.test/account/signin#');
}

/** The Cookie header that carries what a Set-Cookie list set (name=value pairs). */
export function cookieHeader(res: { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

/** Signs a reader in as a browser would (asks for the link, follows it from the mail) and returns their cookies and answer. */
export async function signInReader(email: string, newsletters: string[] = []) {
  const asked = await api('/api/readers/signin', { method: 'POST', json: { email, newsletters } });
  expect(asked.status, asked.text).toBe(202);
  const { token } = linkFragment(await signInLinkFor(email));
  const session = await api('/api/readers/session', { method: 'POST', json: { token } });
  expect(session.status, session.text).toBe(200);
  return { cookie: cookieHeader(session), reader: session.body, token };
}

/** A reader call with the reader's cookies (and a JSON content type where it changes anything). */
export function asReader(cookie: string, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const changes = (init.method ?? 'GET') !== 'GET';
  return api(path, {
    ...init,
    headers: { Cookie: cookie, ...(changes && init.json === undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
  });
}
