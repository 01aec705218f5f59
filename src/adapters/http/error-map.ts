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
    const code = status === 413 ? 'payload_too_large' : status === 400 ? 'bad_request' : 'http_error';
    return c.json(errorBody(code, error.message || 'Bad request'), status as ContentfulStatusCode);
  }
  console.error('Unhandled error', error);
  return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
}
