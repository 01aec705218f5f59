import { inject } from 'vitest';

/** A person the e2e run can sign in as; the global setup created these with these passwords. */
export interface E2eAccount {
  username: string;
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the site under test answers, e.g. http://127.0.0.1:8800 (no trailing slash). */
    baseUrl: string;
    /** The first admin, created by the start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
    admin: E2eAccount;
    /** The demo reporters, all with DEMO_PASSWORD. */
    reporters: E2eAccount[];
    /** The HTTP side of the local mail server the site mails (scripts/lib/mail-catcher.ts). */
    mailCatcher: string;
    /** The stand-in transcriber the site sends captions' audio to (TRANSCRIBE_URL); it makes spoken test videos too. */
    transcriberOrigin: string;
  }
}

/** The running site and its accounts, as the global setup provided them. */
export function site() {
  return { baseUrl: inject('baseUrl'), admin: inject('admin'), reporters: inject('reporters') };
}

/** A JSON call to the site's API from the test process (arranging data, checking what the UI did). */
export async function apiCall<T>(
  path: string,
  init: { method?: string; token?: string; json?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (res.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : text) as T,
  };
}

/** Signs in through the API and returns the bearer token. */
export async function apiLogin(account: Pick<E2eAccount, 'email' | 'password'>): Promise<string> {
  const res = await apiCall<{ token: string }>('/api/auth/login', {
    method: 'POST',
    json: { emailOrUsername: account.email, password: account.password },
  });
  if (res.status !== 200) throw new Error(`Sign-in as ${account.email} failed with ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.token;
}
