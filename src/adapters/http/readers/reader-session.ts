import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { READER_SIGNED_IN_COOKIE } from '../../../contract/page-contract.ts';
import { UnauthenticatedError, UnsupportedMediaTypeError } from '../../../domain/errors.ts';
import type { Reader } from '../../../domain/readers/entities.ts';
import type { OneTimeTokens } from '../../../domain/readers/ports.ts';
import type { AppEnv } from '../context.ts';

/**
 * The reader's session cookie (docs/product/api.md, "Readers and newsletters"): `reader_session`,
 * HttpOnly, SameSite=Lax, Secure on https, Path=/. It is apart from staff tokens: no reader call
 * reads an Authorization header, and no staff call reads this cookie.
 */
export const READER_SESSION_COOKIE = 'reader_session';

export type ReaderEnv = AppEnv & { Variables: { reader: Reader | null; readerSessionHash: string | null } };

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** Resolves the reader_session cookie to a reader (null when absent, unknown or expired). */
export const readerSession = createMiddleware<ReaderEnv>(async (c, next) => {
  const token = getCookie(c, READER_SESSION_COOKIE);
  c.set('reader', null);
  c.set('readerSessionHash', null);
  if (token && TOKEN.test(token)) {
    const { readers, tokens, clock } = c.var.deps;
    const hash = await tokens.hash(token);
    const reader = await readers.findBySession(hash, clock.now());
    if (reader) {
      c.set('reader', reader);
      c.set('readerSessionHash', hash);
    }
  }
  await next();
});

export function signedInReader(c: Context<ReaderEnv>): { reader: Reader; sessionHash: string } {
  const { reader, readerSessionHash } = c.var;
  if (!reader || !readerSessionHash) throw new UnauthenticatedError('Sign in with the link we mail you to continue');
  return { reader, sessionHash: readerSessionHash };
}

/**
 * Reader calls that change anything need Content-Type: application/json, bodies or not: another
 * site's plain form cannot send that, so it cannot act for a signed-in reader.
 */
export const jsonRequest = createMiddleware<ReaderEnv>(async (c, next) => {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new UnsupportedMediaTypeError('Send this with Content-Type: application/json');
  await next();
});

const secure = (c: Context) => new URL(c.req.url).protocol === 'https:';

/**
 * The browser that asks for a sign-in link keeps a random value in this cookie (HttpOnly, only for
 * /api/readers, as long as a link lives); the link keeps its hash. A link opened in that browser signs
 * in at once; opened in any other, its page says whose account it is first (decision 105, decision 105).
 */
export const SIGN_IN_BROWSER_COOKIE = 'reader_sign_in';

/** This browser's sign-in cookie (kept when it has one, else a new one), set again for a link's lifetime; answers its hash. */
export async function signInBrowser(c: Context, tokens: OneTimeTokens, lifetimeSeconds: number): Promise<string> {
  const held = getCookie(c, SIGN_IN_BROWSER_COOKIE);
  const value = held && TOKEN.test(held) ? held : tokens.create();
  setCookie(c, SIGN_IN_BROWSER_COOKIE, value, {
    path: '/api/readers',
    sameSite: 'Lax',
    httpOnly: true,
    secure: secure(c),
    maxAge: lifetimeSeconds,
  });
  return tokens.hash(value);
}

/** The hash of this browser's sign-in cookie, or null without one. */
export async function signInBrowserHash(c: Context, tokens: OneTimeTokens): Promise<string | null> {
  const held = getCookie(c, SIGN_IN_BROWSER_COOKIE);
  return held && TOKEN.test(held) ? tokens.hash(held) : null;
}

export function startReaderCookies(c: Context, token: string, expiresAt: string): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  const common = { path: '/', sameSite: 'Lax', secure: secure(c), maxAge } as const;
  setCookie(c, READER_SESSION_COOKIE, token, { ...common, httpOnly: true });
  setCookie(c, READER_SIGNED_IN_COOKIE, '1', common);
}

export function endReaderCookies(c: Context): void {
  const common = { path: '/', sameSite: 'Lax', secure: secure(c) } as const;
  deleteCookie(c, READER_SESSION_COOKIE, { ...common, httpOnly: true });
  deleteCookie(c, READER_SIGNED_IN_COOKIE, common);
}
