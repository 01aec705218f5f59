import type { ReaderAnswer } from '../../domain/readers/answers.ts';
import { forgetReaderHint, readerSignedIn } from '../frame/reader-hint.ts';

export { forgetReaderHint };

/**
 * The reader calls of the account islands (docs/product/api.md, "Readers and newsletters"): the
 * session is the HttpOnly reader_session cookie the browser sends by itself; no staff token is
 * ever sent with them. Calls that change anything go as JSON (the server refuses anything else).
 */

export class ReaderCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

export async function readerCall<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
  });
  const text = await res.text();
  const json: unknown = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null;
  if (!res.ok) {
    const error = (json as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
    const retry = res.headers.get('Retry-After');
    const message =
      res.status === 429
        ? `Too many tries. Try again${retry ? ` in ${retry} seconds` : ' later'}.`
        : (error?.message ?? 'Something went wrong. Please try again.');
    throw new ReaderCallError(res.status, error?.code ?? null, message, error?.fields ?? {});
  }
  return json as T;
}

let asked: Promise<ReaderAnswer | null> | undefined;

/** The signed-in reader, asked once per page; null (and the hint forgotten) when the session is gone. */
export function currentReader(): Promise<ReaderAnswer | null> {
  asked ??= readerSignedIn()
    ? readerCall<ReaderAnswer>('GET', '/api/readers/me').catch((error: unknown) => {
        if (error instanceof ReaderCallError && error.status === 401) forgetReaderHint();
        return null;
      })
    : Promise.resolve(null);
  return asked;
}
