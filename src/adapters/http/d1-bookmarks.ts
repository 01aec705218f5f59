import type { D1Sessions } from '../d1/d1-sessions.ts';

/** The staff app and API clients carry their last bookmark in this header; every API answer names the newest. */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';
/** Browsers without a token (readers) carry it in this cookie, set by their writes. */
export const BOOKMARK_COOKIE = 'd1_bookmark';
/** Replicas catch up in seconds; after this the cookie has done its work. */
const COOKIE_SECONDS = 300;

function cookieOf(request: Request): string | null {
  const header = request.headers.get('Cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BOOKMARK_COOKIE) return value.join('=');
  }
  return null;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Serves a request inside one D1 session (decision 111): it starts after the bookmark the request
 * carries (header, else cookie; signed by us); an API answer names the session's newest bookmark in its header,
 * and a successful write to D1 from a browser without a token sets the cookie, so a reader's next pages read their
 * own write. Pages and reads never set a cookie: they stay cacheable.
 */
export async function inD1Session(
  sessions: D1Sessions,
  request: Request,
  serve: () => Response | Promise<Response>,
  { api }: { api: boolean },
): Promise<Response> {
  const carried = request.headers.get(BOOKMARK_HEADER) ?? cookieOf(request);
  const { result, bookmark, wrote } = await sessions.run(request.method, carried, async () => serve());
  // A socket's 101 cannot be copied (its webSocket would be lost), and needs no bookmark.
  if (!bookmark || result.status === 101) return result;
  // Only a write that reached D1 and succeeded has something to read back: a refused one, or a
  // view's beacon (counted elsewhere), stays free of cookies.
  const setCookie = wrote && result.ok && !isRead(request.method) && !request.headers.has('Authorization');
  if (!api && !setCookie) return result;
  const response = new Response(result.body, result);
  if (api) response.headers.set(BOOKMARK_HEADER, bookmark);
  if (setCookie) {
    const secure = request.url.startsWith('https:') ? '; Secure' : '';
    response.headers.append(
      'Set-Cookie',
      `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return response;
}
