/**
 * Request conventions of docs/product/api.md#client-conventions: cookies sent, bearer token from
 * localStorage, JSON when JSON. (The query cache's reads, and lists with their totals: reads.ts.)
 */
export const TOKEN_KEY = 'auth_token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** The raw response body text. */
    readonly responseText = '',
  ) {
    super(message);
  }

  /** The server's human message (docs/product/api.md error shape), when it sent one. */
  get serverMessage(): string | null {
    const error = (this.body as { error?: { message?: unknown } } | null)?.error;
    return typeof error?.message === 'string' ? error.message : null;
  }

  /** The API's error code (docs/product/api.md's error shape: `stale_version`, `not_in_review`, ...), when it sent one. */
  get code(): string | null {
    const error = (this.body as { error?: { code?: unknown } } | null)?.error;
    return typeof error?.code === 'string' ? error.code : null;
  }

  /** Per-field validation messages (docs/product/api.md), keyed by field name. */
  get fields(): Record<string, string> {
    const fields = (this.body as { error?: { fields?: unknown } } | null)?.error?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked: there is no token to remove.
  }
}

/**
 * The newest D1 bookmark the API named (decision 111), sent back with every request, so that the
 * staff app always reads at least what it last wrote, whichever copy of the database answers.
 */
const BOOKMARK_HEADER = 'X-D1-Bookmark';
let bookmark: string | null = null;

export interface RequestOptions {
  /** Overrides the stored token (logout sends the token it has just removed from storage). */
  token?: string | null;
  signal?: AbortSignal;
}

/** Sends a request with the docs/product/api.md#client-conventions conventions; a non-OK answer throws ApiError (section 8). */
export async function send(method: string, url: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const sent = bookmark;
  if (sent) headers[BOOKMARK_HEADER] = sent;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: 'include', signal: options.signal });
  // A read that left before a write came back names an older bookmark than the write's: keep the write's.
  const named = res.headers.get(BOOKMARK_HEADER);
  if (named && (method !== 'GET' || bookmark === sent)) bookmark = named;
  if (!res.ok) {
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = isJson(res) && text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    // docs/product/notices.md: "<status>: <body text>", or the status text when the body is empty.
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parsed, text);
  }
  return res;
}

function isJson(res: Response): boolean {
  return res.headers.get('content-type')?.includes('application/json') ?? false;
}

/** The body as JSON when the answer says JSON, otherwise an empty object (docs/product/api.md#client-conventions). */
export async function parseBody<T>(res: Response): Promise<T> {
  if (!isJson(res)) return {} as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}

export async function apiRequest<T>(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return parseBody<T>(await send(method, url, body, options));
}
