/** The closed set of failures the domain and its adapters report; the HTTP layer maps each to one status. */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_attempts'
  | 'too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra facts for the client, e.g. the stored story on a stale save. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class ValidationError extends DomainError {
  constructor(fields: Record<string, string>, message = 'Some fields are not valid') {
    super('validation', 'validation_failed', message, fields);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Sign in to continue') {
    super('unauthenticated', 'unauthenticated', message);
  }
}

export class InvalidCredentialsError extends DomainError {
  constructor() {
    super('unauthenticated', 'invalid_credentials', 'Invalid email or password');
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do that') {
    super('forbidden', 'forbidden', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super('not_found', 'not_found', `${what} not found`);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string, fields?: Record<string, string>, details?: Record<string, unknown>) {
    super('conflict', code, message, fields, details);
  }
}

export class TooManyAttemptsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('too_many_attempts', 'too_many_attempts', 'Too many failed sign-in attempts. Try again later.');
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message = 'The file is too large', fields?: Record<string, string>) {
    super('too_large', 'payload_too_large', message, fields);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message = 'This type of file is not accepted') {
    super('unsupported_media_type', 'unsupported_media_type', message);
  }
}

/** A well-formed request that cannot be done as asked, e.g. an Idempotency-Key reused for another request. */
export class UnprocessableError extends DomainError {
  constructor(code: string, message: string) {
    super('unprocessable', code, message);
  }
}

/** A feature the server is not configured for (its keys or secrets are not set). */
export class NotConfiguredError extends DomainError {
  constructor(code: string, message: string) {
    super('unavailable', code, message);
  }
}

/** A signed-in user the security policy covers has no second factor yet: they may only set one up. */
/** A security change that needs the caller to prove again who they are (the password, or a fresh passkey sign-in). */
export class ReauthenticationRequiredError extends DomainError {
  constructor() {
    super('unauthenticated', 'reauthentication_required', 'Enter your password to change how you sign in.');
  }
}

export class TwoFactorRequiredError extends DomainError {
  constructor() {
    super('forbidden', 'two_factor_required', 'Your newsroom requires a second factor. Set one up in your profile to continue.');
  }
}

/** A sign-in's second step, or a passkey ceremony, that did not verify. `restart`: the challenge is gone; start again. */
export class InvalidCodeError extends DomainError {
  constructor(code: 'invalid_code' | 'invalid_passkey', message: string, restart = false) {
    super('unauthenticated', code, message, undefined, restart ? { restart: true } : undefined);
  }
}

/** Something the server needs is not set up or cannot be reached now (mail): 503, try again later. */
export class ServiceUnavailableError extends DomainError {
  constructor(code: string, message: string) {
    super('unavailable', code, message);
  }
}
