import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z, ZodType } from 'zod';
import { ValidationError } from '../../domain/errors.ts';

/** zValidator whose failures become a ValidationError with one message per field. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.length > 0 ? issue.path.join('.') : target;
      fields[field] ??= issue.message;
    }
    throw new ValidationError(fields);
  });
}

/** The same as the validators, for values read outside them (multipart fields, streamed bodies). */
export function parseWith<Schema extends ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[field] ??= issue.message;
  }
  throw new ValidationError(fields);
}
