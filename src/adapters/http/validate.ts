import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { z, ZodType } from 'zod';
import { UnsupportedMediaTypeError, ValidationError } from '../../domain/errors.ts';

/** application/json, or a +json type, with or without parameters (the types Hono's validator parses). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** One message per field: the first issue found for it. */
function validationError(issues: readonly z.core.$ZodIssue[], fallbackField: string): ValidationError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : fallbackField;
    fields[field] ??= issue.message;
  }
  return new ValidationError(fields);
}

/**
 * zValidator whose failures become a ValidationError with one message per field. A JSON body sent
 * under another content type is refused with 415: Hono would validate it as `{}`, so a save could
 * "succeed" while ignoring everything that was sent.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error.issues, target);
  });
  if (target !== 'json') return validator;
  const jsonOnly: typeof validator = async (c, next) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
    if (!JSON_MEDIA_TYPE.test(mediaType)) throw new UnsupportedMediaTypeError('Send the body as JSON, with Content-Type: application/json');
    return validator(c, next);
  };
  return jsonOnly;
}

/**
 * A JSON body that may be left out (an empty body is `{}`), validated as `validate('json', ...)` does;
 * a body under another content type is still 415.
 */
export async function optionalJson<Schema extends ZodType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  const text = await c.req.text();
  if (text.trim() === '') return parseWith(schema, {});
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw new UnsupportedMediaTypeError('Send the body as JSON, with Content-Type: application/json');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ValidationError({ body: 'The body must be JSON' });
  }
  return parseWith(schema, json);
}

/** The same as the validators, for values read outside them (multipart fields, streamed bodies). */
export function parseWith<Schema extends ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error.issues, 'body');
}
