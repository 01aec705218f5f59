/** Request conventions of SPEC.md section 7: cookies sent, bearer token from localStorage, JSON when JSON. */
export const TOKEN_KEY = 'auth_token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: 'include' });
  const isJson = res.headers.get('content-type')?.includes('application/json') ?? false;
  if (!res.ok) {
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = isJson && text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    // SPEC.md section 8: "<status>: <body text>", or the status text when the body is empty.
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parsed);
  }
  if (!isJson) return {} as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}
