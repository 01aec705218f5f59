import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, TooManyAttemptsError, type ErrorKind } from '../../domain/errors.ts';

const statusOf: Record<ErrorKind, ContentfulStatusCode> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_attempts: 429,
  too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  unavailable: 503,
};

/** The API's JSON type (docs/product/api.md); Hono's c.json() leaves the charset out. */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/** The error code of a refusal that carries only its status (a library's answer, a middleware's exception). */
const codeOfStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function statusErrorCode(status: number): string {
  return codeOfStatus[status] ?? 'http_error';
}

export function errorBody(code: string, message: string, fields?: Record<string, string>, details?: Record<string, unknown>) {
  return { error: { code, message, ...(fields ? { fields } : {}), ...details } };
}

/** One place turns every failure into the error shape of docs/product/api.md; a 500 says nothing about its cause. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof DomainError) {
    // A lockout, or a conflict that clears by itself (an Idempotency-Key whose request still runs), says when to retry.
    const retryAfter = error instanceof TooManyAttemptsError ? error.retryAfterSeconds : error.details?.retryAfterSeconds;
    if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
    return c.json(errorBody(error.code, error.message, error.fields, error.details), statusOf[error.kind]);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    return c.json(errorBody(statusErrorCode(status), error.message || 'Bad request'), status as ContentfulStatusCode);
  }
  console.error('Unhandled error', error);
  return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
}
